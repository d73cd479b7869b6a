package dev.nanowork.lambda;

import static dev.nanowork.lambda.FanOutCluster.NEVER;
import static dev.nanowork.lambda.FanOutCluster.WALLET;
import static dev.nanowork.lambda.FanOutCluster.ask;
import static dev.nanowork.lambda.FanOutCluster.dispatched;
import static dev.nanowork.lambda.FanOutCluster.generate;
import static dev.nanowork.lambda.FanOutCluster.inBackground;
import static dev.nanowork.lambda.FanOutCluster.lambda;
import static dev.nanowork.lambda.FanOutCluster.other;
import static dev.nanowork.lambda.FanOutCluster.records;
import static dev.nanowork.lambda.PrecacheWatch.awaitFound;
import static dev.nanowork.lambda.PrecacheWatch.awaitOutcome;
import static dev.nanowork.lambda.PrecacheWatch.outcomesSince;
import static dev.nanowork.lambda.PrecacheWatch.percentile;
import static dev.nanowork.lambda.PrecacheWatch.queued;
import static dev.nanowork.lambda.RuntimeAnswers.assertValidWork;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.support.LambdaInvokeStandIn;
import dev.nanowork.work.Root;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code work_precache} on Lambda with every part a process ({@link FanOutCluster}: two generate executions under the
 * real runtime client, three worker executions behind {@link LambdaInvokeStandIn}, the records in dynalite), the
 * workers' alias configured as the stack configures it ({@code aws_lambda_function_event_invoke_config}: events at most
 * 60 s old, no retry), the stand-in's queue time running 60 times faster than the wall clock. In order: twenty roots
 * precached, each answered at once and searched by workers queued with {@code Event}, then each one's {@code
 * work_generate} two seconds later answered from the record; a precache queued while every worker slot is taken is
 * dropped, never run later, and the wallet's {@code work_generate} searches as it would have; a flood of precaches
 * never runs more workers than the slots; a record that holds a wrong work never answers.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PrecacheIT {
    /** The receive threshold: 2^23 attempts expected, under a second for three worker threads. */
    static final String RECEIVE = RuntimeAnswers.RECEIVE;

    static final int ROOTS = 20;

    @BeforeAll
    static void start() throws Exception {
        FanOutCluster.start();
        lambda.events(0, Duration.ofSeconds(60), 60);
    }

    @AfterAll
    static void stop() {
        FanOutCluster.stop();
    }

    @Test
    @Order(1)
    void aPrecachedWorkIsAnsweredFromTheRecord() throws Exception {
        List<String> roots = new ArrayList<>();
        List<Double> precacheMillis = new ArrayList<>();
        for (int i = 0; i < ROOTS; i++) {
            String hash = FanOutSnapStartIT.randomHash();
            int queuedBefore = queued();
            long asked = System.nanoTime();
            JsonNode answer = ask(i % 2 == 0 ? generate : other, "work_precache", hash, RECEIVE, WALLET);
            precacheMillis.add((System.nanoTime() - asked) / 1e6);
            assertEquals("started", answer.path("precache").asText(), answer.toString());
            assertEquals(hash, answer.path("hash").asText(), answer.toString());
            assertTrue(queued() > queuedBefore, "its workers were queued with Event: " + lambda.seen());
            awaitFound(hash, Duration.ofSeconds(20));
            roots.add(hash);
        }
        Thread.sleep(2_000);
        int invokedBefore = lambda.seen().size();
        List<Double> generateMillis = new ArrayList<>();
        for (int i = 0; i < ROOTS; i++) {
            String hash = roots.get(i);
            String recorded = records.read(Root.parse(hash))
                    .orElseThrow()
                    .work()
                    .orElseThrow()
                    .toString();
            long asked = System.nanoTime();
            JsonNode answer = ask(i % 2 == 0 ? other : generate, "work_generate", hash, RECEIVE, WALLET);
            generateMillis.add((System.nanoTime() - asked) / 1e6);
            assertValidWork(answer, hash, RECEIVE);
            // A search here would start from a random nonce and find another work: this one is the record's.
            assertEquals(recorded, answer.path("work").asText(), "answered from the record, 0 attempts");
        }
        assertEquals(invokedBefore, lambda.seen().size(), "no worker invoked for a precached work");
        double precacheP99 = percentile(precacheMillis, 99);
        System.out.printf(
                Locale.ROOT,
                "precache IT (%s): work_precache p50 %.1f ms p99 %.1f ms; work_generate 2 s after, from the record,"
                        + " p50 %.1f ms p99 %.1f ms, over %d roots%n",
                dev.nanowork.kernel.JvmProbe.cpuModel(),
                percentile(precacheMillis, 50),
                precacheP99,
                percentile(generateMillis, 50),
                percentile(generateMillis, 99),
                ROOTS);
        assertTrue(percentile(precacheMillis, 50) < 100, "work_precache answered at once: " + precacheMillis);
    }

    @Test
    @Order(2)
    void aPrecacheQueuedWhileEveryWorkerIsBusyIsDroppedAndItsWalletSearchesAsBefore() throws Exception {
        int dispatchedBefore = dispatched.get();
        String busy = FanOutSnapStartIT.randomHash();
        CompletableFuture<JsonNode> holding = inBackground(generate, "work_generate", busy, NEVER, WALLET);
        long until = System.nanoTime() + 10_000_000_000L;
        while (dispatched.get() < dispatchedBefore + 3 && System.nanoTime() < until) Thread.sleep(10);
        assertEquals(dispatchedBefore + 3, dispatched.get(), "every worker slot taken");

        String hash = FanOutSnapStartIT.randomHash();
        int seenBefore = lambda.seen().size();
        assertEquals(
                "started",
                ask(other, "work_precache", hash, RECEIVE, WALLET)
                        .path("precache")
                        .asText());
        // Sixty seconds of queue time pass in one second here; the event is throttled until it is too old.
        List<String> outcomes = awaitOutcome(seenBefore, "event dropped");
        assertTrue(outcomes.stream().anyMatch(o -> o.startsWith("event dropped")), "dropped: " + outcomes);

        assertEquals(
                "",
                ask(other, "work_cancel", busy, null, WALLET).path("success").asText("absent"));
        assertEquals("Cancelled", holding.get(5, TimeUnit.SECONDS).path("error").asText());
        Thread.sleep(1_500); // the workers return; a replayed event would run now
        assertTrue(
                outcomesSince(seenBefore).stream().noneMatch(o -> o.equals("event ok")),
                "a dropped precache never runs: " + lambda.seen());

        // The precache's claim lapses WORKER_START (3 s) after it was made, no worker having held it: a wallet that
        // asks after that claims the root afresh (one asking sooner joins the claim and searches on its execution).
        while (records.read(Root.parse(hash)).orElseThrow().live(System.currentTimeMillis())) Thread.sleep(50);
        int invokedBefore = lambda.seen().size();
        long asked = System.nanoTime();
        JsonNode answer = ask(other, "work_generate", hash, RECEIVE, WALLET);
        double seconds = (System.nanoTime() - asked) / 1e9;
        assertValidWork(answer, hash, RECEIVE);
        assertTrue(lambda.seen().size() > invokedBefore, "searched with workers of its own: " + lambda.seen());
        System.out.printf(Locale.ROOT, "precache IT: a dropped precache's work_generate searched in %.2f s%n", seconds);
    }

    @Test
    @Order(3)
    void aFloodOfPrecachesNeverRunsMoreWorkersThanTheSlots() throws Exception {
        int seenBefore = lambda.seen().size();
        List<CompletableFuture<JsonNode>> flood = new ArrayList<>();
        List<String> roots = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String hash = FanOutSnapStartIT.randomHash();
            roots.add(hash);
            flood.add(inBackground(i % 2 == 0 ? generate : other, "work_precache", hash, NEVER, WALLET));
        }
        for (CompletableFuture<JsonNode> f : flood)
            assertEquals("started", f.get(10, TimeUnit.SECONDS).path("precache").asText());
        Thread.sleep(2_000); // a minute of queue time: every event not running by now is too old
        List<String> outcomes = outcomesSince(seenBefore);
        long queued = outcomes.stream().filter(o -> o.equals("queued")).count();
        long dropped =
                outcomes.stream().filter(o -> o.startsWith("event dropped")).count();
        assertEquals(36, queued, "twelve precaches, three workers each, all queued: " + outcomes);
        assertEquals(3, queued - dropped, "three ran, the rest were dropped: " + outcomes);
        assertEquals(3, lambda.mostAtOnce(), "never more workers than the reserved concurrency");
        for (String hash : roots) {
            var unused = ask(generate, "work_cancel", hash, null, WALLET);
        }
        Thread.sleep(1_000);
        assertEquals(
                3,
                outcomesSince(seenBefore).stream()
                        .filter(o -> o.equals("event ok"))
                        .count(),
                "the three that ran stopped with their cancel: " + outcomesSince(seenBefore));
    }

    @Test
    @Order(4)
    void aRecordHoldingAWrongWorkNeverAnswers() throws Exception {
        String hash = FanOutSnapStartIT.randomHash();
        long now = System.currentTimeMillis();
        // As found, with a work that does not reach the difficulty and a stored value that says it does.
        FanOutCluster.dynalite
                .client()
                .putItem(b -> b.tableName(FanOutCluster.dynalite.workTable())
                        .item(Map.of(
                                "root", AttributeValue.fromS(hash),
                                "state", AttributeValue.fromS("found"),
                                "difficulty", AttributeValue.fromS(RECEIVE),
                                "search", AttributeValue.fromS("a-lying-record"),
                                "work", AttributeValue.fromS("0000000000000001"),
                                "value", AttributeValue.fromS("ffffffffffffffff"),
                                "workers", AttributeValue.fromN("0"),
                                "rev", AttributeValue.fromN("1"),
                                "lease", AttributeValue.fromN(Long.toString(now)),
                                "expires", AttributeValue.fromN(Long.toString(now / 1000 + 3600)))));
        assertNotEquals(
                "ready",
                ask(generate, "work_precache", hash, RECEIVE, WALLET)
                        .path("precache")
                        .asText(),
                "a wrong work is never ready");
        JsonNode answer = ask(other, "work_generate", hash, RECEIVE, WALLET);
        assertValidWork(answer, hash, RECEIVE);
        assertNotEquals("0000000000000001", answer.path("work").asText());
    }
}
