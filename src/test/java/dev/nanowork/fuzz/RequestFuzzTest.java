package dev.nanowork.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.rpc.RpcRequest;
import dev.nanowork.rpc.WorkQueue;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.LogCapture;
import dev.nanowork.work.Difficulty;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Property-based fuzzing of the whole request path without a transport: each input goes to {@code POST /}
 * ({@link WorkRpc#handle(String, long)}) and to every function route the way HttpRoutes and Funqy pass it
 * (the JSON pre-check, then Funqy's own reading, then {@link WorkRpc#handle(Action, JsonNode, long)}).
 * Every answer must be a documented error or one action's success fields, nothing may escape, and nothing
 * may be logged at SEVERE (ERROR): a client's mistake is not the server's fault. The RPC here generates
 * up to {@code ff00000000000000} (~256 attempts) so that mutated generate requests that pass every check
 * really search. Tries per property: {@code jqwik.tries.default}, set from the pom's {@code jqwik.tries} (2,000 in the
 * suite; infra/fuzz.sh runs 1,000,000 inputs).
 */
class RequestFuzzTest {
    static final ObjectMapper FUNQY = new ObjectMapper();
    static final AtomicLong INPUTS = new AtomicLong();
    static final AtomicLong SUCCESSES = new AtomicLong();
    static WorkQueue queue;
    static WorkRpc open;
    static WorkRpc keyed;
    static LogCapture severe;

    @BeforeContainer
    static void start() {
        queue = new WorkQueue(new WorkSearch(new QuickKernel(), 1), 4);
        WorkRpc.Settings settings = new WorkRpc.Settings(Action.served("both"), new Difficulty(0), new Difficulty(0xff00000000000000L),
                Duration.ofNanos(1000), Duration.ofNanos(2000), "fuzz");
        open = new WorkRpc(queue, settings);
        keyed = new WorkRpc(queue, settings, SharedSecret.of("fuzz-secret"));
        severe = LogCapture.atLeast(Level.SEVERE);
    }

    @AfterContainer
    static void stop() {
        severe.close();
        queue.close();
        queue.search().close();
        long inputs = INPUTS.get();
        System.out.printf("RequestFuzzTest: %,d inputs fuzzed (%,d answered with success fields)%n", inputs, SUCCESSES.get());
        assertEquals(java.util.List.of(), severe.lines(), "nothing logged at SEVERE for clients' mistakes");
        assertTrue(inputs >= 5_000, "the suite fuzzes at least 5,000 inputs, ran " + inputs);
    }

    @Provide
    Arbitrary<String> bytes() {
        return FuzzInputs.randomBytes();
    }

    @Provide
    Arbitrary<String> json() {
        return FuzzInputs.randomJson();
    }

    @Provide
    Arbitrary<String> mutations() {
        return FuzzInputs.mutatedRequests();
    }

    @Property
    void randomBytesAreAnsweredAsDocumented(@ForAll("bytes") String body) {
        everyPath(body);
    }

    @Property
    void randomJsonIsAnsweredAsDocumented(@ForAll("json") String body) {
        everyPath(body);
    }

    @Property
    void mutatedRequestsOfEveryActionAreAnsweredAsDocumented(@ForAll("mutations") String body) {
        everyPath(body);
    }

    static void everyPath(String body) {
        INPUTS.incrementAndGet();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        if (Answers.check(body, open.handle(body, deadline)) == null) SUCCESSES.incrementAndGet();
        for (Action action : Action.values()) Answers.check(body, route(action, body, deadline));
        // With a key configured, a body without the right one never gets past the check.
        String locked = Answers.check(body, keyed.handle(body, Optional.of("Bearer not-the-key"), deadline));
        assertTrue(locked.equals(RpcError.KEY_WRONG) || locked.equals(RpcError.UNABLE_TO_PARSE_JSON) || locked.equals(RpcError.TOO_LARGE),
                "a wrong key is refused, was " + locked + " for " + Answers.shown(body));
        assertTrue(severe.lines().isEmpty(), () -> "logged at SEVERE for " + Answers.shown(body) + ": " + severe.lines());
    }

    /** A function route: HttpRoutes' pre-check (RpcRequest.parse), Funqy's reading, then the RPC. */
    static Map<String, String> route(Action action, String body, long deadline) {
        if (body != null && !body.isBlank()) {
            try {
                RpcRequest.parse(body);
            } catch (RpcError e) {
                return e.answer();
            }
        }
        JsonNode node;
        try {
            node = body == null || body.isBlank() ? FUNQY.createObjectNode() : FUNQY.readTree(body);
        } catch (java.io.IOException e) {
            throw new AssertionError("the pre-check let through a body Funqy cannot read: " + Answers.shown(body), e);
        }
        return open.handle(action, node, deadline);
    }
}
