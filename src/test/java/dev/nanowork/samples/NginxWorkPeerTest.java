package dev.nanowork.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.function.WorkEngine;
import dev.nanowork.search.Caller;
import dev.nanowork.support.Builds;
import dev.nanowork.support.HardWorkProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Issue 21 item 4 through the nginx sample (NginxSample's forward, which now passes X-Forwarded-For): the
 * self-hosted server trusts nginx as its proxy, so a nano_node-shaped client at 127.0.0.5, a trusted work peer, has
 * the searches a node needs (8 here), and a wallet at another address behind the same nginx keeps the default 4;
 * nginx's own address is no one's.
 */
@QuarkusTest
@TestProfile(NginxWorkPeerProfile.class)
class NginxWorkPeerTest {
    @Inject
    WorkEngine engine;

    static String root(int i) {
        return String.format(Locale.ROOT, "%064X", 0x5EED0000L + i);
    }

    void awaitSearches(String address, int n) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (engine.queue().searchesFor(Caller.at(address)) != n) {
            assertTrue(
                    System.nanoTime() < until,
                    address + " waits for " + engine.queue().searchesFor(Caller.at(address)) + " searches, not " + n);
            Thread.sleep(10);
        }
    }

    @Test
    void aNodesAddressThroughNginxHasItsPeerBounds() throws Exception {
        Assumptions.assumeTrue(Builds.selfHosted(), "clients by address need the self-hosted build");
        String nginx = NginxSample.nginx().orElse(null);
        Assumptions.assumeTrue(nginx != null, "nginx is not installed (bash .ci/run installs nginx-light from apt)");
        List<NanoNodePeerClient> held = new ArrayList<>();
        try (NginxSample.Forward f = NginxSample.forward(nginx)) {
            for (int i = 0; i < NginxWorkPeerProfile.PEER_SEARCHES; i++) {
                held.add(NanoNodePeerClient.workGenerate(
                        NginxWorkPeerProfile.NODE, f.port(), root(i), HardWorkProfile.HARD, Optional.empty()));
            }
            awaitSearches(NginxWorkPeerProfile.NODE, NginxWorkPeerProfile.PEER_SEARCHES);
            try (NanoNodePeerClient over = NanoNodePeerClient.workGenerate(
                    NginxWorkPeerProfile.NODE, f.port(), root(99), HardWorkProfile.HARD, Optional.empty())) {
                String answer = over.answer();
                assertTrue(
                        answer.contains("Work queue full") && answer.contains("already waits for 8 searches"), answer);
            }
            // A wallet behind the same nginx, at another address: the default bound.
            for (int i = 0; i < 4; i++) {
                held.add(NanoNodePeerClient.workGenerate(
                        "127.0.0.6", f.port(), root(100 + i), HardWorkProfile.HARD, Optional.empty()));
            }
            awaitSearches("127.0.0.6", 4);
            try (NanoNodePeerClient over = NanoNodePeerClient.workGenerate(
                    "127.0.0.6", f.port(), root(199), HardWorkProfile.HARD, Optional.empty())) {
                String answer = over.answer();
                assertTrue(answer.contains("already waits for 4 searches"), answer);
            }
            assertEquals(0, engine.queue().searchesFor(Caller.at("127.0.0.1")), "nginx itself asked for nothing");
        } finally {
            for (NanoNodePeerClient c : held) c.close();
        }
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (engine.queue().waiters() > 0) {
            assertTrue(System.nanoTime() < until, "the node's searches stop when it closes its connections");
            Thread.sleep(10);
        }
    }
}
