package dev.nanowork.load;

import static dev.nanowork.load.Latencies.pct;
import static dev.nanowork.load.Requests.client;
import static dev.nanowork.load.Requests.post;
import static dev.nanowork.support.WorkBodies.generate;
import static dev.nanowork.support.WorkBodies.randomRoot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.work.Root;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.InetAddress;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

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
 * keeps (500 ms, 15 s). The strangers are {@link Stranger}s and a {@link SlowLoris}, the honest clients
 * {@link HonestClients}; self-hosted only (-DselfHosted), as {@link LoadTest}, and as long as its load
 * ({@code -Dnanowork.load.seconds}).
 */
@QuarkusTest
class StrangersTest {
    @TestHTTPResource("/")
    URL url;

    @Test
    void honestClientsAreServedBesideAFlooderASlowLorisAndABenchmarkAbuser() throws Exception {
        URI target = Requests.selfHostedTarget(url);
        long deadlineNanos = TimeUnit.SECONDS.toNanos(28);
        long late = deadlineNanos + TimeUnit.SECONDS.toNanos(1);
        AtomicBoolean stop = new AtomicBoolean();
        HonestClients served = new HonestClients(target, stop, late);
        Stranger flooder = new Stranger();
        Stranger benchmarks = new Stranger();
        HttpClient flood = client(InetAddress.getByName("127.0.0.2"));
        HttpClient abuser = client(InetAddress.getByName("127.0.0.3"));
        List<HttpClient> honest = new ArrayList<>();
        for (int h = 5; h <= 7; h++) honest.add(client(InetAddress.getByName("127.0.0." + h)));
        SlowLoris loris = new SlowLoris(url.getPort());
        ExecutorService pool = Executors.newCachedThreadPool();
        try {
            loris.start();
            SplittableRandom seeds = new SplittableRandom(20);
            Root same = randomRoot(seeds);
            for (int i = 0; i < 317; i++) {
                var unused = flood.sendAsync(
                        post(target, generate(i < 300 ? same : randomRoot(seeds), "fffffffc00000000")),
                        HttpResponse.BodyHandlers.ofString());
            }
            for (int t = 0; t < 4; t++) {
                SplittableRandom random = new SplittableRandom(200 + t);
                var unused = pool.submit(() -> flooder.again(
                        stop,
                        () -> flood.send(
                                        post(target, generate(randomRoot(random), "fffffffc00000000")),
                                        HttpResponse.BodyHandlers.ofString())
                                .body()));
            }
            for (int t = 0; t < 8; t++) {
                var unused = pool.submit(() -> benchmarks.again(
                        stop,
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
                clients.add(pool.submit(() -> served.keepValidating(http)));
                clients.add(pool.submit(() -> served.keepGenerating(http, random)));
            }
            Thread.sleep(TimeUnit.SECONDS.toMillis(LoadTest.SECONDS));
            stop.set(true);
            for (Future<?> f : clients) f.get(60, TimeUnit.SECONDS); // each ends after its request in flight
            assertTrue(loris.stopDrip(), "the slow-loris' drip stopped");
            SlowLoris.Settled settled = loris.settle();
            String report = String.format(
                    "strangers: flood of 317 then %d more (%d refused for rate), %d benchmarks sent (%d refused for rate),"
                            + " %d of %d slow-loris connections still open %d ms after its drip stopped"
                            + " (%d closed by the server and opened again);"
                            + " honest: %d work_validate p50 %.1f ms, p99 %.1f ms (target 50 ms), max %.1f ms;"
                            + " %d receive works p50 %.2f s, max %.2f s (target 3 s); %d refused, %d past the deadline%n",
                    flooder.sent.get(),
                    flooder.limited.get(),
                    benchmarks.sent.get(),
                    benchmarks.limited.get(),
                    settled.open(),
                    SlowLoris.LORIS,
                    settled.millis(),
                    loris.reopened.get(),
                    served.validates.size(),
                    pct(served.validates, 50),
                    pct(served.validates, 99),
                    pct(served.validates, 100),
                    served.works.size(),
                    pct(served.works, 50) / 1e3,
                    pct(served.works, 100) / 1e3,
                    served.refused.size(),
                    served.pastDeadline.get());
            System.out.print(report);
            Path out = Path.of("target/self-hosted/strangers-report.txt");
            Files.createDirectories(out.getParent());
            Files.writeString(out, report);

            assertEquals(
                    List.of(), served.wrong.subList(0, Math.min(10, served.wrong.size())), "every honest answer right");
            assertEquals(
                    List.of(),
                    served.refused.subList(0, Math.min(10, served.refused.size())),
                    "no honest request refused");
            assertEquals(0, served.pastDeadline.get(), "no honest answer past the deadline + 1 s");
            assertTrue(
                    served.validates.size() >= 100 && served.works.size() >= 3,
                    "the honest clients were served: " + report);
            assertTrue(settled.open() <= 32, "the slow-loris holds at most its address's 32 connections: " + report);
            // Each stranger re-sends as soon as it is answered, far past 50 requests a second: most of it is refused
            // for its rate, at once, before its body is read.
            assertTrue(flooder.limited.get() * 2 > flooder.sent.get(), "most of the flood refused for rate: " + report);
            assertTrue(
                    benchmarks.limited.get() * 2 > benchmarks.sent.get(),
                    "most benchmarks refused for rate: " + report);
            // Targets 50 ms and 3 s on a quiet machine (the report gives the figures); the asserts keep a margin a
            // loaded 2-core build machine holds, while a validation behind a search, or a work behind another
            // client's searches, takes seconds or tens of seconds.
            assertTrue(pct(served.validates, 99) < 500, "validate p99 under 500 ms: " + report);
            assertTrue(pct(served.works, 100) < 15_000, "every honest receive work within 15 s: " + report);
        } finally {
            stop.set(true);
            loris.close();
            flood.shutdownNow();
            abuser.shutdownNow();
            honest.forEach(HttpClient::shutdownNow);
            pool.shutdownNow();
        }
    }
}
