package dev.nanowork.load;

import static dev.nanowork.load.Requests.BUSY;
import static dev.nanowork.load.Requests.JSON;
import static dev.nanowork.load.Requests.LIMITED;
import static dev.nanowork.load.Requests.sleep;
import static dev.nanowork.support.WorkBodies.generate;
import static dev.nanowork.support.WorkBodies.randomRoot;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link LoadTest}'s clients and the tallies they share: each mixes receive-difficulty work_generate (its first
 * request, then one in four) and work_validate of a random work until the end, checks every answer (work by the
 * scalar reference, validations by the same) and counts it as answered, refused, or failed.
 */
final class MixingClients {
    final List<Long> generateNanos = Latencies.recorded();
    final List<Long> validateNanos = Latencies.recorded();
    final AtomicLong busy = new AtomicLong();
    /**
     * Answers {@code Too many requests}: a client here sends again as soon as it is answered, which on a fast machine
     * can pass the 50 a second of {@code requests-per-second}; documented, counted, and backed off from as a client would.
     */
    final AtomicLong limited = new AtomicLong();
    /** Generates whose deadline passed while they waited in a full queue: documented, counted, bounded. */
    final AtomicLong deadline = new AtomicLong();

    final List<String> failures = Collections.synchronizedList(new ArrayList<>());

    /** Every answer, of every kind. */
    long answered() {
        return generateNanos.size() + validateNanos.size() + busy.get() + limited.get() + deadline.get();
    }

    /** One client's loop on {@code http} until {@code end} (System.nanoTime()). */
    void run(HttpClient http, URI target, SplittableRandom random, long end) {
        boolean first = true;
        while (System.nanoTime() < end) {
            Root root = randomRoot(random);
            boolean generate = first || random.nextInt(4) == 0;
            first = false;
            Work work = new Work(random.nextLong());
            String body = generate
                    ? generate(root, "fffffe0000000000")
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
}
