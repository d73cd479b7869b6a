package dev.nanowork.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.access.AccessKeys;
import dev.nanowork.access.Credentials;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.search.Caller;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.OwnThread;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The RPC without HTTP: deadline, cancel, served functions, configuration checks. */
class WorkRpcTest {
    static final String H = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    /** 2 x send: about 2^30 attempts, minutes with the scalar kernel, so it is still running when stopped. */
    static final String HARD =
            "{\"action\":\"work_generate\",\"hash\":\"" + H + "\",\"difficulty\":\"fffffffc00000000\"}";

    final WorkQueue queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 2), 4);

    static WorkRpc.Settings settings(String serve) {
        return settings(serve, Difficulty.RECEIVE);
    }

    /** The test RPC's settings, generating from {@code min}. */
    static WorkRpc.Settings settings(String serve, Difficulty min) {
        return new WorkRpc.Settings(
                Action.served(serve),
                min,
                new Difficulty(0xfffffffc00000000L),
                Duration.ofSeconds(3),
                Duration.ofSeconds(10),
                "test",
                false);
    }

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    @Test
    void aSearchThatReachesItsDeadlineAnswersSoAndStops() {
        WorkRpc rpc = Wiring.rpc(queue, settings("both"));
        long start = System.nanoTime();
        Map<String, String> a = MapRpc.of(rpc).handle(HARD, start + TimeUnit.MILLISECONDS.toNanos(300));
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertEquals(RpcError.DEADLINE, a.get("error"), a.toString());
        assertTrue(a.get("hint").contains("fffffffc00000000"), a.toString());
        assertTrue(tookMs >= 290 && tookMs < 1500, "stopped at the deadline, took " + tookMs + " ms");
        assertEquals(0, queue.waiting());
    }

    @Test
    void workCancelAnswersCancelledToEveryCallerOfThatRoot() throws Exception {
        WorkRpc rpc = Wiring.rpc(queue, settings("both"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        CompletableFuture<Map<String, String>> first =
                OwnThread.supply(() -> MapRpc.of(rpc).handle(HARD, deadline));
        CompletableFuture<Map<String, String>> second =
                OwnThread.supply(() -> MapRpc.of(rpc).handle(HARD, deadline));
        Thread.sleep(300);
        assertEquals(
                Map.of("success", ""),
                MapRpc.of(rpc)
                        .handle(
                                "{\"action\":\"work_cancel\",\"hash\":\"" + H.toLowerCase(Locale.ROOT) + "\"}",
                                deadline));
        assertEquals(Map.of("error", "Cancelled"), first.get(5, TimeUnit.SECONDS));
        assertEquals(Map.of("error", "Cancelled"), second.get(5, TimeUnit.SECONDS));
        assertEquals(
                Map.of("success", ""),
                MapRpc.of(rpc).handle("{\"action\":\"work_cancel\",\"hash\":\"" + H + "\"}", deadline),
                "nothing left to cancel");
    }

    @Test
    void aDeploymentAnswersOnlyTheFunctionsItServes() {
        WorkRpc validate = Wiring.rpc(queue, settings("validate"));
        Map<String, String> refused = MapRpc.of(validate).handle(HARD, System.nanoTime());
        assertEquals(RpcError.NOT_SERVED, refused.get("error"));
        assertTrue(refused.get("hint").contains("serves status, work_validate"), refused.toString());
        assertEquals(
                "1",
                MapRpc.of(validate)
                        .handle(
                                "{\"action\":\"work_validate\",\"hash\":\"" + H + "\",\"work\":\"2bf29ef00786a6bc\"}",
                                0)
                        .get("valid_receive"));
        WorkRpc generate = Wiring.rpc(queue, settings("generate"));
        assertEquals(
                RpcError.NOT_SERVED,
                MapRpc.of(generate)
                        .handle(
                                "{\"action\":\"work_validate\",\"hash\":\"" + H + "\",\"work\":\"2bf29ef00786a6bc\"}",
                                0)
                        .get("error"));
        assertEquals(
                "benchmark status work_cancel work_generate work_precache",
                MapRpc.of(generate).handle("{\"action\":\"status\"}", 0).get("serves"));
    }

    static Map<String, String> from(WorkRpc rpc, Caller caller, String body, long deadline) {
        return MapRpc.of(rpc).handle(body, new RequestContext(caller, Optional.empty(), deadline));
    }

    static String cancel(String key) {
        return "{\"action\":\"work_cancel\",\"hash\":\"" + H + "\"" + key + "}";
    }

    @Test
    void aWorkCancelReachesOnlyTheSameCallersSearch() throws Exception {
        WorkRpc rpc = Wiring.rpc(queue, settings("both"));
        Caller asker = Caller.at("192.0.2.1");
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(800);
        CompletableFuture<Map<String, String>> searched = OwnThread.supply(() -> from(rpc, asker, HARD, deadline));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!queue.searching()) {
            assertTrue(System.nanoTime() < until, "the search never started");
            Thread.sleep(1);
        }
        assertEquals(Map.of("success", ""), from(rpc, Caller.at("192.0.2.66"), cancel(""), deadline));
        assertNotCancelled(searched.get(5, TimeUnit.SECONDS), Difficulty.parse("fffffffc00000000"));

        long next = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        CompletableFuture<Map<String, String>> again = OwnThread.supply(() -> from(rpc, asker, HARD, next));
        while (!queue.searching()) {
            assertTrue(System.nanoTime() < next, "the search never started");
            Thread.sleep(1);
        }
        assertEquals(Map.of("success", ""), from(rpc, Caller.at("192.0.2.1"), cancel(""), next));
        assertEquals(Map.of("error", RpcError.CANCELLED), again.get(5, TimeUnit.SECONDS), "the same address cancels");
    }

    /**
     * The search ran on: it answered its deadline, or work found by luck before it (about 1 % of runs), which must
     * then be valid for the root at the difficulty asked; anything else (Cancelled above all) fails.
     */
    static void assertNotCancelled(Map<String, String> answer, Difficulty difficulty) {
        if (answer.containsKey("work")) {
            long value = WorkValue.value(Root.parse(H), Work.parse(answer.get("work")));
            assertTrue(Long.compareUnsigned(value, difficulty.threshold()) >= 0, "found work is valid: " + answer);
        } else {
            assertEquals(RpcError.DEADLINE, answer.get("error"), "it searched on to its deadline: " + answer);
        }
    }

    @Test
    void withAKeyOnlyTheOperatorCancelsAnotherClientsSearch() throws Exception {
        WorkRpc rpc = Wiring.rpc(
                queue, settings("both"), new Credentials(SharedSecret.of("sesame"), SharedSecret.of("operator")));
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(800);
        String hard = HARD.replace("}", ",\"key\":\"sesame\"}");
        CompletableFuture<Map<String, String>> searched =
                OwnThread.supply(() -> from(rpc, Caller.at("192.0.2.1"), hard, deadline));
        awaitSearching(deadline);
        assertEquals(Map.of("success", ""), from(rpc, Caller.at("192.0.2.2"), cancel(",\"key\":\"sesame\""), deadline));
        assertNotCancelled(searched.get(5, TimeUnit.SECONDS), Difficulty.parse("fffffffc00000000"));

        long next = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        CompletableFuture<Map<String, String>> again =
                OwnThread.supply(() -> from(rpc, Caller.at("192.0.2.1"), hard, next));
        awaitSearching(next);
        assertEquals(Map.of("success", ""), from(rpc, Caller.at("192.0.2.2"), cancel(",\"key\":\"operator\""), next));
        assertEquals(Map.of("error", RpcError.CANCELLED), again.get(5, TimeUnit.SECONDS), "the operator cancels it");
    }

    private void awaitSearching(long until) throws InterruptedException {
        while (!queue.searching()) {
            assertTrue(System.nanoTime() < until, "the search never started");
            Thread.sleep(1);
        }
    }

    @Test
    void onLambdaAWorkCancelAnswersSuccessAsNanoNode() {
        HostFacts here = Wiring.host();
        HostFacts lambda = new HostFacts(
                here.c2On(),
                here.cpuFlags(),
                here.availableProcessors(),
                here.jvm(),
                here.jitFlags(),
                here.cpu(),
                true,
                here.primed());
        WorkRpc rpc = new WorkRpc(queue, settings("both"), AccessKeys.NONE, lambda, Wiring.NO_PRECACHE);
        assertEquals(Map.of("success", ""), MapRpc.of(rpc).handle(cancel(""), 0));
        assertEquals(
                RpcError.INVALID_BLOCK_HASH,
                MapRpc.of(rpc)
                        .handle("{\"action\":\"work_cancel\",\"hash\":\"x\"}", 0)
                        .get("error"));
    }

    @Test
    void impossibleSettingsAreRefusedWithTheChoices() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> Action.served("all"));
        assertTrue(e.getMessage().contains("generate | validate | both"), e.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> new WorkRpc.Settings(
                        Action.served("both"),
                        Difficulty.SEND,
                        Difficulty.RECEIVE,
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(2),
                        "x",
                        false));
    }
}
