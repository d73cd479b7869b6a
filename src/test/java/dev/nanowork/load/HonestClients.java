package dev.nanowork.load;

import static dev.nanowork.load.Requests.H;
import static dev.nanowork.load.Requests.JSON;
import static dev.nanowork.load.Requests.W;
import static dev.nanowork.load.Requests.post;
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
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link StrangersTest}'s honest clients (127.0.0.5-7) and the tallies they share: each a work_validate every 100 ms
 * and one receive work_generate after another, until stopped. Every refusal is counted and named, every wrong or
 * lost answer named, every answer past the deadline plus 1 s counted.
 */
final class HonestClients {
    final List<String> refused = Collections.synchronizedList(new ArrayList<>());
    final List<String> wrong = Collections.synchronizedList(new ArrayList<>());
    final AtomicLong pastDeadline = new AtomicLong();
    final List<Long> validates = Latencies.recorded();
    final List<Long> works = Latencies.recorded();
    private final URI target;
    private final AtomicBoolean stop;
    /** Later than this (nanoseconds) is past the deadline plus 1 s. */
    private final long late;

    HonestClients(URI target, AtomicBoolean stop, long late) {
        this.target = target;
        this.stop = stop;
        this.late = late;
    }

    /** The sample work_validate (receive-valid work) on {@code http} every 100 ms. */
    void keepValidating(HttpClient http) {
        while (!stop.get()) {
            long t0 = System.nanoTime();
            try {
                JsonNode a = JSON.readTree(http.send(
                                post(
                                        target,
                                        "{\"action\":\"work_validate\",\"hash\":\"" + Root.parse(H) + "\",\"work\":\""
                                                + W + "\"}"),
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
    }

    /** Receive-difficulty work_generate of random roots on {@code http}, one after another. */
    void keepGenerating(HttpClient http, SplittableRandom random) {
        while (!stop.get()) {
            Root root = randomRoot(random);
            long t0 = System.nanoTime();
            try {
                JsonNode a = JSON.readTree(http.send(
                                post(target, generate(root, "fffffe0000000000")), HttpResponse.BodyHandlers.ofString())
                        .body());
                long took = System.nanoTime() - t0;
                if (took > late) pastDeadline.incrementAndGet();
                if (a.has("error")) {
                    refused.add("work_generate after " + took / 1_000_000 + " ms: " + a);
                    sleep(200);
                } else if (!Difficulty.RECEIVE.isReachedBy(
                        WorkValue.value(root, Work.parse(a.path("work").asText("0"))))) {
                    wrong.add(a.toString());
                } else {
                    works.add(took);
                }
            } catch (Exception e) {
                wrong.add("work_generate lost: " + e);
            }
        }
    }
}
