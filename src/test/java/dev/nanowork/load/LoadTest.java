package dev.nanowork.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.function.WorkEngine;
import dev.nanowork.search.Caller;
import dev.nanowork.search.QueueLimits;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.support.OwnThread;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.InetAddress;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The self-hosted server under load (run with -DselfHosted; the nested build of ./mvnw verify does): many
 * clients on keep-alive connections to 127.0.0.1, each mixing receive-difficulty work_generate (one in four)
 * and work_validate, all starting with a generate at once so the queue overflows. Every answer must be
 * valid work (checked by the scalar reference), a correct validation, or the documented {@code Work queue
 * full} (or {@code Too many requests}, counted); nothing may be lost; the heap must come back to where it was. {@code -Dnanowork.load.seconds}
 * (10 in the suite, plus the time the queue takes to drain; infra/load.sh runs 60) and {@code -Dnanowork.load.clients} (64).
 */
@QuarkusTest
class LoadTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final int CLIENTS = Integer.getInteger("nanowork.load.clients", 64);
    static final int SECONDS = Integer.getInteger("nanowork.load.seconds", 10);
    static final String BUSY = "Work queue full";
    static final String LIMITED = "Too many requests";

    @TestHTTPResource("/")
    URL url;

    final List<Long> generateNanos = Collections.synchronizedList(new ArrayList<>());
    final List<Long> validateNanos = Collections.synchronizedList(new ArrayList<>());
    final AtomicLong busy = new AtomicLong();
    /**
     * Answers {@code Too many requests}: a client here sends again as soon as it is answered, which on a fast machine
     * can pass the 50 a second of {@code requests-per-second}; documented, counted, and backed off from as a client would.
     */
    final AtomicLong limited = new AtomicLong();
    /** Generates whose deadline passed while they waited in a full queue: documented, counted, bounded. */
    final AtomicLong deadline = new AtomicLong();

    final List<String> failures = Collections.synchronizedList(new ArrayList<>());

    @Test
    void manyClientsMixingGenerateAndValidate() throws Exception {
        Assumptions.assumeTrue(
                dev.nanowork.support.Builds.selfHosted(),
                "the load test drives the self-hosted HTTP server (-DselfHosted; ./mvnw verify runs that build too)");
        URI target = URI.create("http://127.0.0.1:" + url.getPort() + "/");
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        long heapBefore = memory.getHeapMemoryUsage().getUsed();
        AtomicLong heapMax = new AtomicLong();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        var unusedSampling = sampler.scheduleAtFixedRate(
                () -> heapMax.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max),
                0,
                100,
                TimeUnit.MILLISECONDS);

        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        long start = System.nanoTime();
        long end = start + TimeUnit.SECONDS.toNanos(SECONDS);
        List<Future<?>> running = new ArrayList<>();
        List<HttpClient> https = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            SplittableRandom random = new SplittableRandom(1000 + c);
            // Each client from its own loopback address, as separate wallets or nodes would be: the queue's limits
            // are per client (address).
            HttpClient http = client(InetAddress.getByAddress(new byte[] {127, 1, (byte) (c >> 8), (byte) (c + 1)}));
            https.add(http);
            running.add(clients.submit(() -> client(http, target, random, end)));
        }
        for (Future<?> f : running) f.get(SECONDS + 120L, TimeUnit.SECONDS);
        double elapsed = (System.nanoTime() - start) / 1e9;
        clients.shutdown();
        https.forEach(HttpClient::shutdownNow);
        sampler.shutdown();
        System.gc();
        long heapAfter = memory.getHeapMemoryUsage().getUsed();

        long answered = generateNanos.size() + validateNanos.size() + busy.get() + limited.get() + deadline.get();
        String report = String.format(
                "load: %d clients, %.1f s, %,d requests answered (%.0f/s): %,d work_generate (p50 %.1f ms, p99 %.1f ms),"
                        + " %,d work_validate (p50 %.2f ms, p99 %.1f ms), %,d refused busy, %,d refused for rate, %d deadline reached in the queue, %d failed; heap before %d MB, max %d MB, after %d MB (max %d MB)%n",
                CLIENTS,
                elapsed,
                answered,
                answered / elapsed,
                generateNanos.size(),
                pct(generateNanos, 50),
                pct(generateNanos, 99),
                validateNanos.size(),
                pct(validateNanos, 50),
                pct(validateNanos, 99),
                busy.get(),
                limited.get(),
                deadline.get(),
                failures.size(),
                heapBefore >> 20,
                heapMax.get() >> 20,
                heapAfter >> 20,
                Runtime.getRuntime().maxMemory() >> 20);
        System.out.print(report);
        Path out = Path.of(System.getProperty("nanowork.load.report", "target/self-hosted/load-report.txt"));
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);

        assertEquals(List.of(), failures.subList(0, Math.min(10, failures.size())), "no lost or wrong answer");
        // A search waits behind up to 16 others; under this load one takes ~1.5 s, so the last in a full queue can
        // reach its 28 s deadline before it starts. That answer is documented; it must stay the exception.
        assertTrue(
                deadline.get() * 10 <= generateNanos.size() + deadline.get(),
                "deadline answers under 10% of generates: " + deadline.get());
        assertTrue(
                busy.get() > 0,
                "the opening burst of " + CLIENTS + " generates overflows the queue into Work queue full");
        assertTrue(generateNanos.size() > 0 && validateNanos.size() > 0, "both kinds were answered");
        assertTrue(
                heapAfter - heapBefore < 64L << 20,
                "heap back to within 64 MB of the start: " + (heapBefore >> 20) + " -> " + (heapAfter >> 20) + " MB");
    }

    static HttpClient client(InetAddress from) {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .localAddress(from)
                .build();
    }

    static HttpRequest post(URI target, String body) {
        return HttpRequest.newBuilder(target)
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
    }

    static String generate(Root root, String difficulty) {
        return "{\"action\":\"work_generate\",\"hash\":\"" + root + "\",\"difficulty\":\"" + difficulty + "\"}";
    }

    @Inject
    WorkEngine engine;

    /**
     * Issue 13's abuse, with its must-show figures: one client sends 300 identical and 17 distinct hard
     * work_generates and disconnects at once, while another validates every 100 ms and asks for one
     * receive-difficulty work. Validate p99 reported (target 50 ms on a quiet machine), asserted under 500 ms; the legitimate work within 28 s; the abuser's searches
     * gone within 1 s of its leaving, the server idle within 1 s of the last answer; no answer later than the
     * deadline plus 1 s.
     */
    @Test
    void aClientThatFloodsAndLeavesDelaysNoOne() throws Exception {
        Assumptions.assumeTrue(
                dev.nanowork.support.Builds.selfHosted(), "drives the self-hosted HTTP server (-DselfHosted)");
        URI target = URI.create("http://127.0.0.1:" + url.getPort() + "/");
        WorkQueue queue = engine.queue();
        long deadlineNanos = TimeUnit.SECONDS.toNanos(28); // nano-work.deadline's default, which the tests keep
        long late = deadlineNanos + TimeUnit.SECONDS.toNanos(1);
        Caller abuser = Caller.at("127.0.0.2");
        HttpClient flood = client(InetAddress.getByName("127.0.0.2"));
        HttpClient honest = client(InetAddress.getByName("127.0.0.3"));
        SplittableRandom random = new SplittableRandom(13);
        List<Long> validates = Collections.synchronizedList(new ArrayList<>());
        List<String> wrong = Collections.synchronizedList(new ArrayList<>());
        ScheduledExecutorService validator = Executors.newSingleThreadScheduledExecutor();
        try {
            var unusedValidating = validator.scheduleAtFixedRate(
                    () -> {
                        long t0 = System.nanoTime();
                        try {
                            String a = honest.send(
                                            post(
                                                    target,
                                                    "{\"action\":\"work_validate\",\"hash\":\"" + Root.parse(H)
                                                            + "\",\"work\":\"" + W + "\"}"),
                                            HttpResponse.BodyHandlers.ofString())
                                    .body();
                            if (!"1"
                                    .equals(JSON.readTree(a)
                                            .path("valid_receive")
                                            .asText())) wrong.add(a);
                        } catch (Exception e) {
                            wrong.add(e.toString());
                        }
                        validates.add(System.nanoTime() - t0);
                    },
                    0,
                    100,
                    TimeUnit.MILLISECONDS);
            Thread.sleep(300);

            // The flood: all at once, each on its own connection from 127.0.0.2.
            Root same = randomRoot(random);
            List<CompletableFuture<HttpResponse<String>>> flooded = new ArrayList<>();
            for (int i = 0; i < 317; i++) {
                String body = generate(i < 300 ? same : randomRoot(random), "fffffffc00000000");
                flooded.add(flood.sendAsync(post(target, body), HttpResponse.BodyHandlers.ofString()));
            }
            // All but those the queue's limits let wait are refused at once (no one else asks meanwhile).
            QueueLimits limits = queue.limits();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (flooded.stream().filter(CompletableFuture::isDone).count() + queue.waiters() < flooded.size()) {
                assertTrue(System.nanoTime() < until, "the flood's refusals did not come within 10 s");
                Thread.sleep(5);
            }
            int dropped = 0; // closed as they were accepted: beyond the address's connections-per-address (32)
            for (CompletableFuture<HttpResponse<String>> f : flooded) {
                if (f.isCompletedExceptionally()) {
                    dropped++;
                } else if (f.isDone()) {
                    String error = JSON.readTree(f.get().body()).path("error").asText();
                    assertEquals(BUSY, error, "a flood request beyond the limits is refused");
                }
            }
            assertTrue(dropped <= flooded.size() - 32, "the flood keeps its 32 connections: " + dropped + " dropped");
            int held = queue.waiters();
            int searches = queue.searchesFor(abuser);
            assertTrue(
                    held <= limits.waitersPerSearch() + limits.searchesPerClient() - 1
                            && searches >= 1
                            && searches <= limits.searchesPerClient(),
                    "the abuser holds its share only: " + held + " waiters, " + searches + " searches");

            // The honest client asks for its work while the flood waits, retrying when refused, as a client would.
            long asked = System.nanoTime();
            Root mine = randomRoot(random);
            AtomicInteger honestRefused = new AtomicInteger();
            CompletableFuture<JsonNode> work = OwnThread.supply(() -> {
                while (true) {
                    try {
                        JsonNode a = JSON.readTree(honest.send(
                                        post(target, generate(mine, "fffffe0000000000")),
                                        HttpResponse.BodyHandlers.ofString())
                                .body());
                        if (!BUSY.equals(a.path("error").asText())) return a;
                        honestRefused.incrementAndGet(); // counted: the flood must not make it retry
                        Thread.sleep(200);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            });
            Thread.sleep(1_000);

            long gone = System.nanoTime();
            flood.shutdownNow(); // every connection of the abuser closes at once
            while (queue.searchesFor(abuser) > 0) {
                assertTrue(System.nanoTime() - gone < TimeUnit.SECONDS.toNanos(5), "the abuser's searches linger");
                Thread.sleep(2);
            }
            long cleared = System.nanoTime() - gone;

            JsonNode answer = work.get(30, TimeUnit.SECONDS);
            long workNanos = System.nanoTime() - asked;
            long answered = System.nanoTime();
            assertTrue(
                    answer.has("work")
                            && Difficulty.RECEIVE.isReachedBy(WorkValue.value(
                                    mine, Work.parse(answer.get("work").asText()))),
                    "valid work for the honest client: " + answer);
            while (queue.searching() || queue.waiting() > 0) {
                assertTrue(System.nanoTime() - answered < TimeUnit.SECONDS.toNanos(5), "the server never idled");
                Thread.sleep(2);
            }
            long idle = System.nanoTime() - answered;
            // A p99 needs 100 validations at least (of 25, it is the slowest one): validate on, every 100 ms, to
            // 100 in all; the slowest, during the flood's arrival, is reported and bounded separately.
            long enough = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (validates.size() < 100) {
                assertTrue(System.nanoTime() < enough, "the validations stalled: " + validates.size());
                Thread.sleep(20);
            }
            validator.shutdown();
            assertTrue(validator.awaitTermination(5, TimeUnit.SECONDS), "the validator stopped");

            String report = String.format(
                    "fairness: flood of 317 held %d waiters in %d searches; %d validates p50 %.1f ms, p99 %.1f ms, max %.1f ms; honest receive work after %.2f s;"
                            + " (refused %d times first); abuser's searches gone %.0f ms after it left; idle %.0f ms after the last answer%n",
                    held,
                    searches,
                    validates.size(),
                    pct(validates, 50),
                    pct(validates, 99),
                    pct(validates, 100),
                    workNanos / 1e9,
                    honestRefused.get(),
                    cleared / 1e6,
                    idle / 1e6);
            System.out.print(report);
            Path out = Path.of("target/self-hosted/fairness-report.txt");
            Files.createDirectories(out.getParent());
            Files.writeString(out, report);

            assertEquals(List.of(), wrong, "every validation right");
            assertEquals(0, honestRefused.get(), "the honest client is never refused while the flood waits: " + report);
            // The target is 50 ms on a quiet machine (the report gives the figure); the assert keeps a margin that a
            // loaded 2-core build machine holds (93-104 ms seen there), while a validation queued behind a search
            // thread would take seconds.
            assertTrue(pct(validates, 99) < 500, "validate p99 under 500 ms: " + report);
            assertTrue(workNanos < deadlineNanos, "the honest work within 28 s: " + report);
            assertTrue(cleared < TimeUnit.SECONDS.toNanos(1), "abuser gone within 1 s: " + report);
            assertTrue(idle < TimeUnit.SECONDS.toNanos(1), "idle within 1 s of the last waiter: " + report);
            assertTrue(pct(validates, 100) * 1e6 < late, "no validation past deadline + 1 s");
            assertTrue(workNanos < late, "no generate past deadline + 1 s");
        } finally {
            validator.shutdownNow();
            flood.shutdownNow();
            honest.shutdownNow();
        }
    }

    /**
     * Issue 20's must-show, from 6 addresses at once: a flooder (127.0.0.2: 300 identical and 17 distinct 2 x send
     * work_generates, then on 4 connections again as soon as each is answered), a benchmark abuser (127.0.0.3: 8
     * benchmarks of 10 s at a time, each sent again as soon as it is answered or refused), a slow-loris (127.0.0.4:
     * 1,100 connections, more than the server's 1,000, each sending one header byte every 2 s and opened again when the
     * server closes it; it may hold at most its address's 32) and three honest clients (127.0.0.5-7: each a
     * work_validate every 100 ms and one receive work_generate after another). 0 honest requests refused (every
     * refusal counted and named), most of the flooder's and the abuser's refused for their request rate (counted),
     * 0 answers past the deadline plus 1 s; validate p99 and the honest receive work's
     * time reported against their quiet-machine targets (50 ms, 3 s), asserted with a margin a loaded 2-core machine
     * keeps (500 ms, 15 s).
     */
    @Test
    void honestClientsAreServedBesideAFlooderASlowLorisAndABenchmarkAbuser() throws Exception {
        Assumptions.assumeTrue(
                dev.nanowork.support.Builds.selfHosted(), "drives the self-hosted HTTP server (-DselfHosted)");
        URI target = URI.create("http://127.0.0.1:" + url.getPort() + "/");
        long deadlineNanos = TimeUnit.SECONDS.toNanos(28);
        long late = deadlineNanos + TimeUnit.SECONDS.toNanos(1);
        AtomicBoolean stop = new AtomicBoolean();
        List<String> refused = Collections.synchronizedList(new ArrayList<>());
        List<String> wrong = Collections.synchronizedList(new ArrayList<>());
        AtomicLong pastDeadline = new AtomicLong();
        List<Long> validates = Collections.synchronizedList(new ArrayList<>());
        List<Long> works = Collections.synchronizedList(new ArrayList<>());
        AtomicLong floodSent = new AtomicLong();
        AtomicLong benchmarksSent = new AtomicLong();
        AtomicLong floodLimited = new AtomicLong(); // answered Too many requests: refused for the client's rate
        AtomicLong benchmarksLimited = new AtomicLong();
        HttpClient flood = client(InetAddress.getByName("127.0.0.2"));
        HttpClient abuser = client(InetAddress.getByName("127.0.0.3"));
        List<HttpClient> honest = new ArrayList<>();
        for (int h = 5; h <= 7; h++) honest.add(client(InetAddress.getByName("127.0.0." + h)));
        List<java.net.Socket> loris = Collections.synchronizedList(new ArrayList<>());
        AtomicLong lorisReopened = new AtomicLong();
        ExecutorService pool = Executors.newCachedThreadPool();
        ScheduledExecutorService drip = Executors.newSingleThreadScheduledExecutor();
        try {
            // The slow-loris: more connections than the server's 1,000, each of whose heads never ends (a byte every
            // 2 s, under the idle timeout); each one the server closes is opened again at the next drip.
            for (int i = 0; i < LORIS; i++) {
                try {
                    loris.add(lorisConnection(url.getPort()));
                } catch (java.io.IOException e) {
                    loris.add(new java.net.Socket()); // closed at once: opened again at the next drip
                }
            }
            var unusedDripping = drip.scheduleAtFixedRate(
                    () -> {
                        for (int i = 0; i < loris.size(); i++) {
                            try {
                                loris.get(i).getOutputStream().write('a');
                            } catch (Exception e) {
                                // closed by the server (its share or its head's timeout): the loris tries again
                                lorisReopened.incrementAndGet();
                                try {
                                    loris.get(i).close();
                                    loris.set(i, lorisConnection(url.getPort()));
                                } catch (Exception again) {
                                    // refused at once: tried again at the next drip
                                }
                            }
                        }
                    },
                    2,
                    2,
                    TimeUnit.SECONDS);
            SplittableRandom seeds = new SplittableRandom(20);
            Root same = randomRoot(seeds);
            for (int i = 0; i < 317; i++) {
                var unused = flood.sendAsync(
                        post(target, generate(i < 300 ? same : randomRoot(seeds), "fffffffc00000000")),
                        HttpResponse.BodyHandlers.ofString());
            }
            for (int t = 0; t < 4; t++) {
                SplittableRandom random = new SplittableRandom(200 + t);
                var unused = pool.submit(() -> again(
                        stop,
                        floodSent,
                        floodLimited,
                        () -> flood.send(
                                        post(target, generate(randomRoot(random), "fffffffc00000000")),
                                        HttpResponse.BodyHandlers.ofString())
                                .body()));
            }
            for (int t = 0; t < 8; t++) {
                var unused = pool.submit(() -> again(
                        stop,
                        benchmarksSent,
                        benchmarksLimited,
                        () -> abuser.send(
                                        post(target, "{\"action\":\"benchmark\",\"duration\":\"10\"}"),
                                        HttpResponse.BodyHandlers.ofString())
                                .body()));
            }
            Thread.sleep(500); // the strangers hold what they can before the honest clients come
            List<Future<?>> clients = new ArrayList<>();
            for (int c = 0; c < honest.size(); c++) {
                HttpClient http = honest.get(c);
                SplittableRandom random = new SplittableRandom(500 + c);
                clients.add(pool.submit(() -> {
                    while (!stop.get()) {
                        long t0 = System.nanoTime();
                        try {
                            JsonNode a = JSON.readTree(http.send(
                                            post(
                                                    target,
                                                    "{\"action\":\"work_validate\",\"hash\":\"" + Root.parse(H)
                                                            + "\",\"work\":\"" + W + "\"}"),
                                            HttpResponse.BodyHandlers.ofString())
                                    .body());
                            long took = System.nanoTime() - t0;
                            validates.add(took);
                            if (a.has("error")) refused.add("work_validate: " + a);
                            else if (!"1".equals(a.path("valid_receive").asText())) wrong.add(a.toString());
                            if (took > late) pastDeadline.incrementAndGet();
                            sleep(100);
                        } catch (Exception e) {
                            wrong.add("work_validate lost: " + e);
                        }
                    }
                }));
                clients.add(pool.submit(() -> {
                    while (!stop.get()) {
                        Root root = randomRoot(random);
                        long t0 = System.nanoTime();
                        try {
                            JsonNode a = JSON.readTree(http.send(
                                            post(target, generate(root, "fffffe0000000000")),
                                            HttpResponse.BodyHandlers.ofString())
                                    .body());
                            long took = System.nanoTime() - t0;
                            if (took > late) pastDeadline.incrementAndGet();
                            if (a.has("error")) {
                                refused.add("work_generate after " + took / 1_000_000 + " ms: " + a);
                                sleep(200);
                            } else if (!Difficulty.RECEIVE.isReachedBy(WorkValue.value(
                                    root, Work.parse(a.path("work").asText("0"))))) {
                                wrong.add(a.toString());
                            } else {
                                works.add(took);
                            }
                        } catch (Exception e) {
                            wrong.add("work_generate lost: " + e);
                        }
                    }
                }));
            }
            Thread.sleep(TimeUnit.SECONDS.toMillis(SECONDS));
            stop.set(true);
            for (Future<?> f : clients) f.get(60, TimeUnit.SECONDS); // each ends after its request in flight
            drip.shutdownNow();
            assertTrue(drip.awaitTermination(10, TimeUnit.SECONDS), "the slow-loris' drip stopped");
            // The drip's last pass opened again every connection the server had closed (about a thousand): each waits
            // in the kernel's accept queue, then on the server's loops, to be accepted and closed over its address's
            // share, and until then looks open from here. So count until the server has worked through them (the count
            // no longer falls), at most LORIS_SETTLE_MILLIS: well under the head deadline, so the connections the
            // server
            // admitted are still open when counted.
            long settleStart = System.nanoTime();
            int lorisOpen = lorisOpen(loris);
            for (int before = Integer.MAX_VALUE;
                    lorisOpen < before
                            && System.nanoTime() - settleStart < TimeUnit.MILLISECONDS.toNanos(LORIS_SETTLE_MILLIS); ) {
                Thread.sleep(250);
                before = lorisOpen;
                lorisOpen = lorisOpen(loris);
            }
            long settled = (System.nanoTime() - settleStart) / 1_000_000;
            String report = String.format(
                    "strangers: flood of 317 then %d more (%d refused for rate), %d benchmarks sent (%d refused for rate),"
                            + " %d of %d slow-loris connections still open %d ms after its drip stopped"
                            + " (%d closed by the server and opened again);"
                            + " honest: %d work_validate p50 %.1f ms, p99 %.1f ms (target 50 ms), max %.1f ms;"
                            + " %d receive works p50 %.2f s, max %.2f s (target 3 s); %d refused, %d past the deadline%n",
                    floodSent.get(),
                    floodLimited.get(),
                    benchmarksSent.get(),
                    benchmarksLimited.get(),
                    lorisOpen,
                    LORIS,
                    settled,
                    lorisReopened.get(),
                    validates.size(),
                    pct(validates, 50),
                    pct(validates, 99),
                    pct(validates, 100),
                    works.size(),
                    pct(works, 50) / 1e3,
                    pct(works, 100) / 1e3,
                    refused.size(),
                    pastDeadline.get());
            System.out.print(report);
            Path out = Path.of("target/self-hosted/strangers-report.txt");
            Files.createDirectories(out.getParent());
            Files.writeString(out, report);

            assertEquals(List.of(), wrong.subList(0, Math.min(10, wrong.size())), "every honest answer right");
            assertEquals(List.of(), refused.subList(0, Math.min(10, refused.size())), "no honest request refused");
            assertEquals(0, pastDeadline.get(), "no honest answer past the deadline + 1 s");
            assertTrue(validates.size() >= 100 && works.size() >= 3, "the honest clients were served: " + report);
            assertTrue(lorisOpen <= 32, "the slow-loris holds at most its address's 32 connections: " + report);
            // Each stranger re-sends as soon as it is answered, far past 50 requests a second: most of it is refused
            // for
            // its rate, at once, before its body is read.
            assertTrue(floodLimited.get() * 2 > floodSent.get(), "most of the flood refused for rate: " + report);
            assertTrue(
                    benchmarksLimited.get() * 2 > benchmarksSent.get(), "most benchmarks refused for rate: " + report);
            // Targets 50 ms and 3 s on a quiet machine (the report gives the figures); the asserts keep a margin a
            // loaded 2-core build machine holds, while a validation behind a search, or a work behind another
            // client's searches, takes seconds or tens of seconds.
            assertTrue(pct(validates, 99) < 500, "validate p99 under 500 ms: " + report);
            assertTrue(pct(works, 100) < 15_000, "every honest receive work within 15 s: " + report);
        } finally {
            stop.set(true);
            drip.shutdownNow();
            var unused = drip.awaitTermination(10, TimeUnit.SECONDS);
            for (java.net.Socket s : loris) s.close();
            flood.shutdownNow();
            abuser.shutdownNow();
            honest.forEach(HttpClient::shutdownNow);
            pool.shutdownNow();
        }
    }

    /** Slow-loris connections from one address: more than the server's 1,000 in all. */
    static final int LORIS = 1_100;

    /**
     * How long the slow-loris' connections are counted again after its drip stopped, while the count falls: a
     * connection the server will close as it accepts it, but has not reached yet, is not one it holds (CI once counted
     * 33 of 32, a loaded run after a fixed 1.5 s wait too). Half the head deadline, so the connections the server
     * admitted are still open when counted.
     */
    static final long LORIS_SETTLE_MILLIS = 5_000;

    /** How many of the slow-loris' connections the server still holds open. */
    static int lorisOpen(List<java.net.Socket> loris) {
        int open = 0;
        synchronized (loris) {
            for (java.net.Socket s : loris) open += stillOpen(s) ? 1 : 0;
        }
        return open;
    }

    /** A slow-loris connection from 127.0.0.4: a head begun, never ended. */
    static java.net.Socket lorisConnection(int port) throws java.io.IOException {
        java.net.Socket s = new java.net.Socket();
        s.bind(new java.net.InetSocketAddress("127.0.0.4", 0));
        s.connect(new java.net.InetSocketAddress("127.0.0.1", port));
        s.getOutputStream().write("POST / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII));
        return s;
    }

    /** Whether the server still holds {@code s} open (it closes a slow-loris' connection without a byte). */
    static boolean stillOpen(java.net.Socket s) {
        try {
            s.setSoTimeout(1);
            return s.getInputStream().read() >= 0;
        } catch (java.net.SocketTimeoutException e) {
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** A stranger's loop: {@code send} again as soon as it is answered (refused or not), until {@code stop}. */
    interface Send {
        /** The answer's body. */
        String send() throws Exception;
    }

    /** Counts in {@code limited} the answers that are {@code Too many requests} (the client's request rate). */
    static void again(AtomicBoolean stop, AtomicLong sent, AtomicLong limited, Send send) {
        while (!stop.get()) {
            try {
                sent.incrementAndGet();
                if (LIMITED.equals(JSON.readTree(send.send()).path("error").asText())) limited.incrementAndGet();
            } catch (Exception e) {
                if (stop.get()) return; // its client shut down
                sleep(20);
            }
        }
    }

    static final String H = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    /** Receive-valid work for {@link #H} (SPEC's vectors; the samples' work_validate). */
    static final String W = "2bf29ef00786a6bc";

    static Root randomRoot(SplittableRandom random) {
        byte[] b = new byte[32];
        random.nextBytes(b);
        return Root.of(b);
    }

    void client(HttpClient http, URI target, SplittableRandom random, long end) {
        boolean first = true;
        while (System.nanoTime() < end) {
            byte[] b = new byte[32];
            random.nextBytes(b);
            Root root = Root.of(b);
            boolean generate = first || random.nextInt(4) == 0;
            first = false;
            Work work = new Work(random.nextLong());
            String body = generate
                    ? "{\"action\":\"work_generate\",\"hash\":\"" + root + "\",\"difficulty\":\"fffffe0000000000\"}"
                    : "{\"action\":\"work_validate\",\"hash\":\"" + root + "\",\"work\":\"" + work + "\"}";
            long t0 = System.nanoTime();
            JsonNode a;
            try {
                HttpResponse<String> r = http.send(
                        HttpRequest.newBuilder(target)
                                .timeout(Duration.ofSeconds(60))
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    failures.add("HTTP " + r.statusCode() + " for " + body);
                    continue;
                }
                a = JSON.readTree(r.body());
            } catch (Exception e) {
                failures.add("lost: " + e + " for " + body);
                continue;
            }
            long took = System.nanoTime() - t0;
            if (LIMITED.equals(a.path("error").asText(null))) {
                limited.incrementAndGet();
                sleep(20 + random.nextInt(30)); // within the interval its Retry-After rounds up to a second
            } else if (generate
                    && "Work generation deadline reached".equals(a.path("error").asText(null))) {
                deadline.incrementAndGet();
            } else if (generate && BUSY.equals(a.path("error").asText(null))) {
                busy.incrementAndGet();
                sleep(20 + random.nextInt(30)); // a client backs off and retries later
            } else if (generate) {
                long value = a.has("work")
                        ? WorkValue.value(root, Work.parse(a.get("work").asText()))
                        : 0;
                if (!root.toString().equals(a.path("hash").asText()) || !Difficulty.RECEIVE.isReachedBy(value))
                    failures.add("bad work " + a + " for " + body);
                else generateNanos.add(took);
            } else {
                long value = WorkValue.value(root, work);
                String expected = Difficulty.RECEIVE.isReachedBy(value) ? "1" : "0";
                if (!expected.equals(a.path("valid_receive").asText())
                        || !new Difficulty(value)
                                .toString()
                                .equals(a.path("difficulty").asText())) {
                    failures.add("wrong validation " + a + " for " + body);
                } else {
                    validateNanos.add(took);
                }
            }
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static double pct(List<Long> nanos, int p) {
        if (nanos.isEmpty()) return Double.NaN;
        List<Long> sorted;
        synchronized (nanos) {
            sorted = new ArrayList<>(nanos);
        }
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1)) / 1e6;
    }
}
