package dev.nanowork.lambda;

import static dev.nanowork.lambda.FanOutCluster.EPOCH_1;
import static dev.nanowork.lambda.FanOutCluster.LONGER;
import static dev.nanowork.lambda.FanOutCluster.NEVER;
import static dev.nanowork.lambda.FanOutCluster.STOPPED_WITHIN;
import static dev.nanowork.lambda.FanOutCluster.STRANGER;
import static dev.nanowork.lambda.FanOutCluster.WALLET;
import static dev.nanowork.lambda.FanOutCluster.ask;
import static dev.nanowork.lambda.FanOutCluster.awaitRecord;
import static dev.nanowork.lambda.FanOutCluster.dispatched;
import static dev.nanowork.lambda.FanOutCluster.dynalite;
import static dev.nanowork.lambda.FanOutCluster.generate;
import static dev.nanowork.lambda.FanOutCluster.inBackground;
import static dev.nanowork.lambda.FanOutCluster.killNext;
import static dev.nanowork.lambda.FanOutCluster.lambda;
import static dev.nanowork.lambda.FanOutCluster.other;
import static dev.nanowork.lambda.FanOutCluster.record;
import static dev.nanowork.lambda.FanOutCluster.records;
import static dev.nanowork.lambda.FanOutCluster.returned;
import static dev.nanowork.lambda.RuntimeAnswers.assertValidWork;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.share.Asker;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.support.LambdaInvokeStandIn;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The fan-out's faults with every part a process, as on AWS: two generate executions ({@code function.zip} under the
 * real runtime client, on-demand, the role's credentials in their environment) and three worker executions behind
 * {@link LambdaInvokeStandIn} (reserved concurrency 3; each worker process runs one invocation at a time, as an
 * execution environment does), the records in dynalite. Every request comes through the edge as on the deployed stack:
 * from CloudFront's one address, the viewer's in the header the origin secret vouches for. In order: the first find
 * stops every worker; a duplicate in the other execution joins the search and invokes nothing; a cancel from the other
 * execution stops the search and every worker, a stranger's behind the same address stops nothing, nor does a caller
 * that forges the wallet's address without the origin secret (the record's asker is the wallet); a record whose search is gone (its lease passed) is taken over; a worker
 * killed mid-search is one worker fewer (Lambda answers its invoke {@code Runtime.ExitError}); the table down: searched
 * alone, said once.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FanOutFaultsIT {
    @BeforeAll
    static void start() throws Exception {
        FanOutCluster.start();
    }

    @AfterAll
    static void stop() {
        FanOutCluster.stop();
    }

    @Test
    @Order(1)
    void theFirstFindStopsEveryWorker() throws Exception {
        int before = lambda.seen().size();
        String hash = FanOutSnapStartIT.randomHash();
        JsonNode answer = ask(generate, "work_generate", hash, EPOCH_1, WALLET);
        long answered = System.nanoTime();
        assertValidWork(answer, hash, EPOCH_1);
        List<LambdaInvokeStandIn.Seen> invoked = RuntimeAnswers.awaitSeen(lambda, before + 3);
        assertEquals(3, invoked.size(), "three workers invoked: " + invoked);
        assertTrue(invoked.stream().allMatch(s -> s.outcome().equals("ok")), "every worker ran: " + invoked);
        assertReturnedWithin(answered, 3);
        assertEquals(WorkRecord.State.FOUND, record(hash).state());
    }

    @Test
    @Order(2)
    void aDuplicateInAnotherExecutionJoinsAndInvokesNothing() throws Exception {
        int before = lambda.seen().size();
        String hash = FanOutSnapStartIT.randomHash();
        CompletableFuture<JsonNode> first = inBackground(generate, "work_generate", hash, LONGER, WALLET);
        awaitRecord(hash);
        CompletableFuture<JsonNode> duplicate = inBackground(other, "work_generate", hash, LONGER, WALLET);
        JsonNode a = first.get(30, TimeUnit.SECONDS);
        long firstAt = System.nanoTime();
        JsonNode b = duplicate.get(30, TimeUnit.SECONDS);
        long duplicateAt = System.nanoTime();
        assertValidWork(a, hash, LONGER);
        assertValidWork(b, hash, LONGER);
        // A duplicate that searched on its own would end on its own luck, not within a poll of the first.
        assertTrue(
                Math.abs(duplicateAt - firstAt) < STOPPED_WITHIN.toNanos(),
                "the duplicate ended with the search it joined: " + (duplicateAt - firstAt) / 1_000_000 + " ms");
        List<LambdaInvokeStandIn.Seen> invoked = RuntimeAnswers.awaitSeen(lambda, before + 3);
        Thread.sleep(300); // an invoke by the duplicate would show by now
        assertEquals(3, lambda.seen().size() - before, "only the first execution invoked workers: " + invoked);
    }

    @Test
    @Order(3)
    void aCancelFromAnotherExecutionStopsTheSearchAndEveryWorkerAStrangersStopsNothing() throws Exception {
        int before = lambda.seen().size();
        int dispatchedBefore = dispatched.get();
        String hash = FanOutSnapStartIT.randomHash();
        CompletableFuture<JsonNode> search = inBackground(generate, "work_generate", hash, NEVER, WALLET);
        long until = System.nanoTime() + 10_000_000_000L;
        while (dispatched.get() < dispatchedBefore + 3 && System.nanoTime() < until) Thread.sleep(10);
        assertEquals(dispatchedBefore + 3, dispatched.get(), "three workers searching");
        Thread.sleep(300);
        // Both come from the edge's one sourceIp: the asker is the viewer the edge vouched for (issue 43, item 1).
        assertEquals(
                Set.of(new Asker(WALLET, Difficulty.parse(NEVER))),
                record(hash).askers(),
                "the record's asker is the wallet, not the edge's address");

        assertEquals(
                "",
                ask(other, "work_cancel", hash, null, STRANGER).path("success").asText("absent"));
        // The wallet's address forged by a caller that skipped the edge (the API's own URL): refused, not believed.
        JsonNode forged = ask(other, "work_cancel", hash, null, WALLET, "not-the-origin-secret-0123456789abcdef");
        assertEquals("Not through the edge", forged.path("error").asText(), forged.toString());
        JsonNode direct = ask(other, "work_cancel", hash, null, WALLET, null);
        assertEquals("Not through the edge", direct.path("error").asText(), direct.toString());
        Thread.sleep(500);
        assertFalse(search.isDone(), "a stranger's or a forged cancel stopped the search: " + search.getNow(null));
        assertEquals(
                before, lambda.seen().size(), "a stranger's or a forged cancel stopped a worker: " + lambda.seen());

        assertEquals(
                "",
                ask(other, "work_cancel", hash, null, WALLET).path("success").asText("absent"));
        long cancelled = System.nanoTime();
        JsonNode answer = search.get(STOPPED_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        assertEquals("Cancelled", answer.path("error").asText(), "the wallet's search answered: " + answer);
        RuntimeAnswers.awaitSeen(lambda, before + 3);
        assertReturnedWithin(cancelled, 3);
        assertEquals(WorkRecord.State.CANCELLED, record(hash).state());
    }

    @Test
    @Order(4)
    void aRecordWhoseSearchIsGoneIsTakenOver() throws Exception {
        int before = lambda.seen().size();
        String hash = FanOutSnapStartIT.randomHash();
        long now = System.currentTimeMillis();
        // An execution that claimed the root and died: its lease passed a second ago, its TTL an hour away.
        var unused = records.claim(
                WorkRecord.claimed(
                        Root.parse(hash),
                        "search-of-an-execution-gone",
                        Set.of(new Asker(STRANGER, Difficulty.parse(EPOCH_1))),
                        0,
                        now - 1_000,
                        now / 1000 + 3600),
                now);
        long asked = System.nanoTime();
        JsonNode answer = ask(generate, "work_generate", hash, EPOCH_1, WALLET);
        double seconds = (System.nanoTime() - asked) / 1e9;
        assertValidWork(answer, hash, EPOCH_1);
        assertTrue(seconds < 15, "answered in " + seconds + " s, not at the deadline");
        WorkRecord record = record(hash);
        assertEquals(WorkRecord.State.FOUND, record.state());
        assertNotEquals("search-of-an-execution-gone", record.searchId(), "the record was taken over");
        List<LambdaInvokeStandIn.Seen> invoked = RuntimeAnswers.awaitSeen(lambda, before + 3);
        assertEquals(3, invoked.size() - before, "the new owner fanned out: " + invoked);
    }

    @Test
    @Order(5)
    void aWorkerKilledMidSearchIsOneWorkerFewer() throws Exception {
        int before = lambda.seen().size();
        String hash = FanOutSnapStartIT.randomHash();
        killNext.set(true);
        long asked = System.nanoTime();
        JsonNode answer = ask(generate, "work_generate", hash, LONGER, WALLET);
        double seconds = (System.nanoTime() - asked) / 1e9;
        assertValidWork(answer, hash, LONGER);
        assertTrue(seconds < 15, "answered in " + seconds + " s");
        List<LambdaInvokeStandIn.Seen> invoked =
                RuntimeAnswers.awaitSeen(lambda, before + 3).subList(before, before + 3);
        assertEquals(
                1, invoked.stream().filter(s -> s.outcome().equals("Unhandled")).count(), "one died: " + invoked);
        assertEquals(2, invoked.stream().filter(s -> s.outcome().equals("ok")).count(), "two ran: " + invoked);
        // Logged once every worker has returned, which may be a moment after the answer.
        String line = "fan-out: 1 of 3 workers for " + hash + " did not run to the end";
        long until = System.nanoTime() + STOPPED_WITHIN.toNanos();
        while (!generate.output().contains(line) && System.nanoTime() < until) Thread.sleep(20);
        // At WARN, as Lambda's log-level filtering names it (observe/LambdaLogLevels): JUL's WARNING counts as INFO.
        assertEquals(
                1,
                LogLines.of(generate.output(), "dev.nanowork.fanout.WorkerCrew", "WARN").stream()
                        .filter(n -> n.path("message").asText().contains(line))
                        .count(),
                "the failure is logged once, at WARN:\n" + generate.output());
    }

    @Test
    @Order(6)
    void withTheTableDownEveryWorkIsSearchedAloneAndThatIsSaidOnce() throws Exception {
        int before = lambda.seen().size();
        dynalite.close();
        for (int i = 0; i < 2; i++) {
            String hash = FanOutSnapStartIT.randomHash();
            assertValidWork(ask(generate, "work_generate", hash, EPOCH_1, WALLET), hash, EPOCH_1);
        }
        assertEquals(before, lambda.seen().size(), "no worker without a record: " + lambda.seen());
        long said = generate.output()
                .lines()
                .filter(l -> l.contains("work record unavailable, searching alone"))
                .count();
        assertEquals(1, said, "said once:\n" + generate.output());
    }

    private static void assertReturnedWithin(long since, int last) {
        List<Long> times = returned.subList(returned.size() - last, returned.size());
        for (long t : times) {
            long ms = (t - since) / 1_000_000;
            assertTrue(
                    ms < STOPPED_WITHIN.toMillis(),
                    "a worker returned " + ms + " ms after the search ended (poll every 50 ms)");
        }
    }
}
