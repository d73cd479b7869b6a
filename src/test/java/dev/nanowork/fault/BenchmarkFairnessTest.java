package dev.nanowork.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.function.WorkEngine;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.support.Builds;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Issue 20, item 4, over real HTTP (self-hosted, no key: benchmark open as nano_node's RPC): a benchmark is its
 * caller's search like any other. One client's benchmarks count against its searches (4 by default), so a fifth is
 * refused at once instead of filling the queue; and a benchmark whose client went away stops instead of running
 * its whole duration for nobody.
 */
@QuarkusTest
class BenchmarkFairnessTest {
    static final String BENCHMARK = "{\"action\":\"benchmark\",\"duration\":\"10\"}";

    @TestHTTPResource("/")
    URL url;

    /** The server's queue, read directly (status' field names are the nano_node contract's to change). */
    @Inject
    WorkEngine engine;

    /** Sends a benchmark from {@code local} (another loopback address: another client) and leaves it waiting. */
    Socket send(String local) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(local, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", url.getPort()));
        socket.setSoTimeout(5_000);
        OutputStream out = socket.getOutputStream();
        out.write(
                ("POST / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: "
                                + BENCHMARK.length() + "\r\n\r\n" + BENCHMARK)
                        .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }

    @Test
    void oneClientsBenchmarksAreBoundedAndStopWhenItLeaves() throws Exception {
        Assumptions.assumeTrue(Builds.selfHosted(), "benchmarks of several clients need the self-hosted build");
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) held.add(send("127.0.0.3"));
            awaitQueue("the first benchmark runs, three wait", q -> q.searching() && q.waiting() == 3);
            try (Socket fifth = send("127.0.0.3")) {
                String answer = new String(fifth.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(answer.contains("Work queue full"), "a fifth benchmark of one client is refused: " + answer);
            }
        } finally {
            for (Socket s : held) s.close();
        }
        long left = System.nanoTime();
        awaitQueue("the client left: its benchmarks stop", q -> !q.searching() && q.waiting() == 0);
        long stoppedMs = (System.nanoTime() - left) / 1_000_000;
        assertTrue(
                stoppedMs < 3_000, "stopped within a few batches of the client leaving, not after 10 s: " + stoppedMs);
        assertEquals(0, engine.queue().waiters());
    }

    void awaitQueue(String what, Predicate<WorkQueue> done) throws InterruptedException {
        long until = System.nanoTime() + 8_000_000_000L;
        while (!done.test(engine.queue())) {
            assertTrue(
                    System.nanoTime() < until,
                    what + ": searching " + engine.queue().searching() + ", waiting "
                            + engine.queue().waiting());
            Thread.sleep(10);
        }
    }
}
