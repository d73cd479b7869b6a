package dev.nanowork.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.Wiring;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What tools written for nano-work-server read (its src/main.rs): {@code status} as {@code generating} and
 * {@code queue_size}, and {@code benchmark} with a {@code count} of works answered with {@code count},
 * {@code duration} and {@code average} in milliseconds.
 */
class NanoWorkServerCompatibilityTest {
    final WorkQueue queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 2), 4);
    final WorkRpc rpc = Wiring.rpc(queue, WorkRpcTest.settings("both"));

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    static long in(int seconds) {
        return System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    }

    @Test
    void statusAlsoAnswersGeneratingAndQueueSize() {
        Map<String, String> status = MapRpc.of(rpc).handle("{\"action\":\"status\"}", in(5));
        List<String> keys = List.copyOf(status.keySet());
        assertEquals(
                List.of("generating", "queue_size"), keys.subList(keys.size() - 2, keys.size()), status.toString());
        assertEquals("0", status.get("generating"));
        assertEquals(status.get("searching"), status.get("generating"));
        assertEquals(status.get("queued"), status.get("queue_size"));
    }

    @Test
    void benchmarkWithACountFindsThatManyWorks() {
        // fff0000000000000: 4,096 attempts on average, so three works take milliseconds with the scalar kernel.
        Map<String, String> a = MapRpc.of(rpc)
                .handle("{\"action\":\"benchmark\",\"count\":\"3\",\"difficulty\":\"fff0000000000000\"}", in(10));
        assertEquals("3", a.get("count"), a.toString());
        assertEquals("fff0000000000000", a.get("difficulty"), a.toString());
        assertEquals("0.000007629394531", a.get("multiplier"), a.toString());
        long duration = Long.parseLong(a.get("duration"));
        assertEquals(duration / 3, Long.parseLong(a.get("average")), a.toString());
        assertTrue(Long.parseLong(a.get("attempts")) > 0, a.toString());
        assertEquals("scalar", a.get("kernel"));
        // A number, as nano-work-server also takes it; and the rate-only benchmark has none of these fields.
        assertEquals(
                "1",
                MapRpc.of(rpc)
                        .handle("{\"action\":\"benchmark\",\"count\":1,\"multiplier\":\"0.00001\"}", in(10))
                        .get("count"));
        Map<String, String> rate = MapRpc.of(rpc).handle("{\"action\":\"benchmark\",\"duration\":\"0.1\"}", in(10));
        assertTrue(
                !rate.containsKey("count") && !rate.containsKey("average") && rate.containsKey("mhs"), rate.toString());
    }

    @Test
    void aCountBenchmarkEndsAtItsDurationWithTheWorksFound() {
        // Send difficulty: about 75 s a work with the scalar kernel, so none is found in 0.3 s.
        Map<String, String> a =
                MapRpc.of(rpc).handle("{\"action\":\"benchmark\",\"count\":\"5\",\"duration\":\"0.3\"}", in(10));
        assertEquals("fffffff800000000", a.get("difficulty"), a.toString());
        assertTrue(Long.parseLong(a.get("count")) < 5, a.toString());
    }

    @Test
    void aBadCountIsRefused() {
        for (String count : List.of("0", "-1", "1.5", "x", "1000001", "\"\"")) {
            String body = "{\"action\":\"benchmark\",\"count\":"
                    + (count.startsWith("\"") ? count : "\"" + count + "\"") + "}";
            assertEquals(RpcError.BAD_COUNT, MapRpc.of(rpc).handle(body, in(5)).get("error"), count);
        }
    }
}
