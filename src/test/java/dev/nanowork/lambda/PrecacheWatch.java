package dev.nanowork.lambda;

import static dev.nanowork.lambda.FanOutCluster.lambda;
import static dev.nanowork.lambda.FanOutCluster.records;

import dev.nanowork.share.WorkRecord;
import dev.nanowork.support.LambdaInvokeStandIn;
import dev.nanowork.work.Root;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** {@link PrecacheIT}'s view of the cluster: the Invoke stand-in's outcomes, the records, and percentiles. */
final class PrecacheWatch {
    private PrecacheWatch() {}

    static int queued() {
        return (int)
                lambda.seen().stream().filter(s -> s.outcome().equals("queued")).count();
    }

    /** Waits until the record of {@code hash} is found. */
    static void awaitFound(String hash, Duration within) throws InterruptedException {
        long until = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < until) {
            if (records.read(Root.parse(hash))
                    .map(r -> r.state() == WorkRecord.State.FOUND)
                    .orElse(false)) return;
            Thread.sleep(20);
        }
        throw new AssertionError("not found within " + within + ": " + records.read(Root.parse(hash)));
    }

    static List<String> outcomesSince(int from) {
        List<LambdaInvokeStandIn.Seen> seen = lambda.seen();
        return seen.subList(from, seen.size()).stream()
                .map(LambdaInvokeStandIn.Seen::outcome)
                .toList();
    }

    /** The outcomes seen since {@code from}, once one of them is {@code done} (or after 10 s). */
    static List<String> awaitOutcome(int from, String done) throws InterruptedException {
        long giveUp = System.nanoTime() + 10_000_000_000L;
        List<String> outcomes = outcomesSince(from);
        while (outcomes.stream().noneMatch(o -> o.startsWith(done)) && System.nanoTime() < giveUp) {
            Thread.sleep(20);
            outcomes = outcomesSince(from);
        }
        return outcomes;
    }

    static double percentile(List<Double> values, int p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, index));
    }
}
