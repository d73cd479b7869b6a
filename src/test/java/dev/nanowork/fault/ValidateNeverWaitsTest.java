package dev.nanowork.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.function.WorkEngine;
import dev.nanowork.support.Builds;
import dev.nanowork.support.LoopbackClient;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Issue 20 item 4, over real HTTP (self-hosted): every waiting caller holds a worker thread, so callers from many
 * addresses (each within its own bounds) could hold every thread and leave {@code work_validate} waiting for one.
 * Waiters are bounded at half the pool ({@link ThreadBoundProfile}: 8 of 16 threads); those past it are refused at
 * once, and a validation is answered at once while the rest wait.
 */
@QuarkusTest
@TestProfile(ThreadBoundProfile.class)
class ValidateNeverWaitsTest {
    static final String BENCHMARK = "{\"action\":\"benchmark\",\"duration\":\"40\"}";
    static final String VALIDATE = "{\"action\":\"work_validate\",\"hash\":"
            + "\"718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2\",\"work\":\"2bf29ef00786a6bc\"}";

    @TestHTTPResource("/")
    URL url;

    @Inject
    WorkEngine engine;

    @Test
    void callersFromManyAddressesCannotHoldEveryWorkerThread() throws Exception {
        Assumptions.assumeTrue(Builds.selfHosted(), "worker threads held by HTTP callers: the self-hosted build");
        List<LoopbackClient> held = new ArrayList<>();
        try {
            // 17 searches (the queue's capacity and the running one), 4 per address: more callers than the 16 threads.
            for (int i = 0; i < 17; i++) {
                held.add(LoopbackClient.post("127.0.0." + (50 + i / 4), url.getPort(), BENCHMARK, Map.of()));
            }
            long until = System.nanoTime() + 10_000_000_000L;
            int refused = 0;
            List<LoopbackClient> pending = new ArrayList<>(held);
            while (refused < 17 - ThreadBoundProfile.MAX_WAITERS && System.nanoTime() < until) {
                for (var it = pending.iterator(); it.hasNext(); ) {
                    Optional<JsonNode> a = it.next().answerWithin(20);
                    if (a.isEmpty()) continue;
                    it.remove();
                    assertEquals(
                            "Work queue full",
                            a.get().path("error").asText(),
                            a.get().toString());
                    assertTrue(
                            a.get().path("hint").asText().contains("callers already wait for work"),
                            a.get().toString());
                    refused++;
                }
            }
            assertEquals(17 - ThreadBoundProfile.MAX_WAITERS, refused, "the callers past the bound refused at once");
            assertEquals(ThreadBoundProfile.MAX_WAITERS, engine.queue().waiters(), "waiters bounded at half the pool");

            long asked = System.nanoTime();
            try (LoopbackClient v = LoopbackClient.post("127.0.0.70", url.getPort(), VALIDATE, Map.of())) {
                // Seconds of margin for a loaded machine: a validation that waits for a thread waits for a 40 s
                // benchmark to end.
                Optional<JsonNode> answer = v.answerWithin(5_000);
                long tookMs = (System.nanoTime() - asked) / 1_000_000;
                assertTrue(answer.isPresent(), "work_validate waited for a worker thread over 5 s");
                assertEquals(
                        "1",
                        answer.get().path("valid_receive").asText(),
                        answer.get().toString());
                System.out.println("validate with every waiter held: " + tookMs + " ms");
            }
        } finally {
            for (LoopbackClient c : held) c.close();
        }
    }
}
