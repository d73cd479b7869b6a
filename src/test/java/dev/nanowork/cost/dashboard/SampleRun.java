package dev.nanowork.cost.dashboard;

import dev.nanowork.observe.RequestRecord;
import dev.nanowork.observe.RequestRecord.Outcome;
import dev.nanowork.observe.SearchTally;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Records written by the functions' own {@link RequestRecord} (never by hand), for the dashboard's tests and as a
 * sample input before a runtime-client run's records exist: {@link #run} makes a made-up run of two variants.
 */
final class SampleRun {
    static final String NAMESPACE = "NanoWork/nano-work";
    static final long START = 1_765_000_003_000L; // 2025-12-06 05:46:43 UTC: 3 s into a 10 s period

    private SampleRun() {}

    /** A work_generate found by a search of {@code attempts} nonces in {@code searchMillis}, with workers. */
    static String generate(
            String variant, long epochMillis, double latencyMillis, long attempts, double searchMillis, int workers) {
        RequestRecord r = record("work_generate", variant);
        r.outcome(Outcome.FOUND, null);
        r.searched(attempts, (long) (searchMillis * 1e6), "fffffffa00000000");
        SearchTally tally = new SearchTally();
        tally.asked(workers);
        for (int i = 0; i < workers; i++) tally.started();
        tally.recordWrite();
        tally.recordRead();
        r.tally(tally);
        return line(r, variant, latencyMillis, epochMillis);
    }

    /** A request of {@code action} answered with {@code outcome}, no search. */
    static String answered(String action, Outcome outcome, String variant, long epochMillis, double latencyMillis) {
        RequestRecord r = record(action, variant);
        r.outcome(outcome, outcome == Outcome.REFUSED ? "Invalid block hash" : null);
        return line(r, variant, latencyMillis, epochMillis);
    }

    /** A worker invocation stopped by its record after searching {@code afterFind} nonces past another's find. */
    static String worker(String variant, long epochMillis, double latencyMillis, long attempts, long afterFind) {
        RequestRecord r = record("worker", variant);
        r.outcome(afterFind > 0 ? Outcome.STOPPED : Outcome.FOUND, null);
        r.searched(attempts, (long) (latencyMillis * 1e6), null);
        SearchTally tally = new SearchTally();
        for (int i = 0; i < 3; i++) tally.recordRead();
        tally.searchedAfterFind(afterFind);
        r.tally(tally);
        return line(r, variant, latencyMillis, epochMillis);
    }

    /**
     * A made-up run of {@code seconds}: a work_generate every 1.5 s on each of two variants (latency about 0.7 s,
     * workers 0 to 3, a slower one now and then), their workers' invocations, a validate and a refusal a variant;
     * with a log line between the records, as a function's stdout has.
     */
    static List<String> run(int seconds) {
        Random random = new Random(42);
        List<String> lines = new ArrayList<>();
        String[] variants = {"x86_64", "arm64"};
        for (int v = 0; v < variants.length; v++) {
            String variant = variants[v];
            double rate = v == 0 ? 40e6 : 30e6; // made up: hashes per second of one execution
            for (long t = START + v * 300L; t < START + seconds * 1000L; t += 1500) {
                double latency = 300 + random.nextDouble() * 800 + (random.nextInt(10) == 0 ? 2500 : 0);
                int workers = random.nextInt(4);
                long attempts = (long) (rate * latency / 1000 * (0.8 + 0.2 * random.nextDouble()));
                lines.add(generate(variant, t, latency, attempts, latency * 0.9, workers));
                for (int w = 0; w < workers; w++)
                    lines.add(worker(
                            variant, t + 50, latency * 0.8, (long) (rate * latency * 0.8 / 1000), w * 2_000_000L));
                if (random.nextInt(4) == 0) lines.add("{\"level\":\"INFO\",\"message\":\"a log line, not a record\"}");
            }
            lines.add(answered("work_validate", Outcome.ANSWERED, variant, START + 2000, 3));
            lines.add(answered("work_generate", Outcome.REFUSED, variant, START + 4000, 1));
        }
        return lines;
    }

    private static RequestRecord record(String action, String variant) {
        RequestRecord r = new RequestRecord("req-" + action, "nano-work-" + variant, 0);
        r.action(action);
        return r;
    }

    private static String line(RequestRecord r, String variant, double latencyMillis, long epochMillis) {
        byte[] bytes = r.line(NAMESPACE, variant, (long) (latencyMillis * 1e6), epochMillis, false)
                .bytes();
        return new String(bytes, StandardCharsets.UTF_8).strip();
    }
}
