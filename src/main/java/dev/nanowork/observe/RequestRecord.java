package dev.nanowork.observe;

import java.util.Locale;

/**
 * What one request (or one worker invocation) came to, filled in by each layer it passes through and written once, at
 * its end, as one JSON line ({@link #line}): who sent it (the key's id, never the key; the viewer's address), what it
 * asked (action, root, difficulty), what happened (outcome and why, difficulty reached, attempts and this execution's
 * rate, the workers and the record's states of the search it waited for: {@link SearchTally}), and its wall time from
 * its arrival. Its members are the record's, in lower case, for Logs Insights; its metrics ({@link Metric}) ride on the
 * same line in the Embedded Metric Format. Written to from the request's thread and read at its end on another, so
 * every member is volatile.
 */
public final class RequestRecord {
    /** What a request came to, as its line spells it. */
    public enum Outcome {
        /** A work was found by this search (this execution or its workers). */
        FOUND(Metric.FOUND),
        /** Answered at once from a work the record already held. */
        FROM_RECORD(Metric.FROM_RECORD),
        /** Joined a search another execution was running, and got its work. */
        JOINED(Metric.JOINED),
        /** An action that searches nothing answered (validate, cancel, status, benchmark). */
        ANSWERED(Metric.ANSWERED),
        DEADLINE(Metric.DEADLINE),
        CANCELLED(Metric.CANCELLED),
        /** A worker stopped without a work: the search was over (found, cancelled, taken over). */
        STOPPED(Metric.STOPPED),
        /** Refused before or instead of a search: {@link #why} says which of nano_node's errors. */
        REFUSED(Metric.REFUSED),
        /** Failed in a way nothing foresaw. */
        FAILED(Metric.FAILED);

        final Metric metric;

        Outcome(Metric metric) {
            this.metric = metric;
        }

        String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final String requestId;
    private final String function;
    private final long arrivalNanos;
    private volatile String action = Metric.Actions.UNKNOWN;
    private volatile Outcome outcome;
    private volatile String why;
    private volatile String root;
    private volatile String difficultyAsked;
    private volatile String difficultyReached;
    private volatile long attempts;
    private volatile long searchNanos;
    private volatile SearchTally tally;
    private volatile String keyId;
    private volatile String viewer;
    private volatile boolean keyStoreFailed;

    /**
     * @param requestId Lambda's request id, or one made up self-hosted
     * @param function the function's name ({@code AWS_LAMBDA_FUNCTION_NAME}), {@code self-hosted} off Lambda
     * @param arrivalNanos when it arrived, on the {@link System#nanoTime()} clock
     */
    public RequestRecord(String requestId, String function, long arrivalNanos) {
        this.requestId = requestId;
        this.function = function;
        this.arrivalNanos = arrivalNanos;
    }

    /** A record nobody writes: for requests made by the process itself (tools, tests). */
    public static RequestRecord discarded() {
        return new RequestRecord("-", "-", System.nanoTime());
    }

    /** The action's wire name; one that is not an action stays {@code unknown}. */
    public void action(String wireName) {
        if (wireName != null && Metric.Actions.ALL.contains(wireName)) this.action = wireName;
    }

    /** What it came to; the first outcome given stands (a refusal after a search does not hide the search). */
    public void outcome(Outcome what, String reason) {
        if (outcome != null) return;
        this.outcome = what;
        this.why = reason;
    }

    /** The root searched and the difficulty asked, as nano_node writes them. */
    public void asked(String rootHex, String difficulty) {
        this.root = rootHex;
        this.difficultyAsked = difficulty;
    }

    /** What the search tried on this execution and for how long, and the difficulty of the work found (or null). */
    public void searched(long attemptsHere, long nanos, String reached) {
        this.attempts = attemptsHere;
        this.searchNanos = nanos;
        this.difficultyReached = reached;
    }

    /** The tally of the search this request waited for. */
    public void tally(SearchTally searchTally) {
        this.tally = searchTally;
    }

    /** Who sent it: the id of the key it presented ({@code -} for none) and the viewer's address ({@code -}). */
    public void sender(String presentedKeyId, String address) {
        this.keyId = presentedKeyId;
        this.viewer = address;
    }

    /** The keys could not be read from their store for this request. */
    public void keyStoreFailed() {
        this.keyStoreFailed = true;
    }

    public String action() {
        return action;
    }

    /** The outcome, {@link Outcome#FAILED} if no layer gave one. */
    public Outcome outcome() {
        Outcome o = outcome;
        return o == null ? Outcome.FAILED : o;
    }

    public long attempts() {
        return attempts;
    }

    /** The search's tally, or null when it waited for none. */
    public SearchTally tally() {
        return tally;
    }

    /**
     * The line, at {@code nowNanos}: the record's members, and its metrics under {@code namespace} and {@code variant}
     * stamped {@code epochMillis}; {@code coldStart} for the first record of an execution environment.
     */
    public EmfLine line(String namespace, String variant, long nowNanos, long epochMillis, boolean coldStart) {
        Outcome o = outcome();
        double wallMillis = Math.max(0, nowNanos - arrivalNanos) / 1e6;
        EmfLine line = EmfLine.of(namespace, variant, action, epochMillis)
                .property("request_id", requestId)
                .property("function", function)
                .property("outcome", o.wireName())
                .property("why", why)
                .property("root", root)
                .property("difficulty_asked", difficultyAsked)
                .property("difficulty_reached", difficultyReached)
                .property("attempts", attempts)
                .property("wall_ms", Math.round(wallMillis * 1000) / 1000.0)
                .property("key_id", keyId)
                .property("viewer", viewer);
        Metrics metrics = new Metrics(line, action);
        metrics.put(Metric.LATENCY, wallMillis);
        metrics.put(o.metric, 1);
        metrics.put(Metric.COLD_START, coldStart ? 1 : 0);
        if (keyStoreFailed) metrics.put(Metric.KEY_STORE_FAILURES, 1);
        if (attempts > 0 || searchNanos > 0) {
            metrics.put(Metric.ATTEMPTS, (double) attempts);
            // A search that tried nothing (a worker whose search was over when it started) has no rate: a 0 would
            // pull the executions' average rate down.
            if (attempts > 0 && searchNanos > 0) {
                double rate = attempts * 1e9 / searchNanos;
                line.property("hashes_per_second", Math.round(rate));
                metrics.put(Metric.HASH_RATE, rate);
            }
        }
        SearchTally t = tally;
        if (t != null) {
            // Only a work_generate asks workers: a worker's record would carry these at 0 (some 80 bytes of logs).
            if (Metric.WORKERS_ASKED.actions().contains(action)) {
                line.property("workers_asked", t.workersAsked())
                        .property("workers_started", t.workersStarted())
                        .property("workers_throttled", t.workersThrottled())
                        .property("workers_failed", t.workersFailed());
            }
            line.property("search_id", t.searchId())
                    .property("record_states", t.recordStates())
                    .property("record_failures", t.recordFailures())
                    .property("record_reads", t.recordReads())
                    .property("record_writes", t.recordWrites())
                    .property("attempts_after_find", t.attemptsAfterFind());
            metrics.put(Metric.WORKERS_ASKED, t.workersAsked());
            metrics.put(Metric.WORKERS_STARTED, t.workersStarted());
            metrics.put(Metric.WORKERS_THROTTLED, t.workersThrottled());
            metrics.put(Metric.WORKERS_FAILED, t.workersFailed());
            metrics.put(Metric.RECORD_FAILURES, t.recordFailures());
            metrics.put(Metric.RECORD_READS, t.recordReads());
            metrics.put(Metric.RECORD_WRITES, t.recordWrites());
            metrics.put(Metric.ATTEMPTS_AFTER_FIND, (double) t.attemptsAfterFind());
        }
        return line;
    }

    /** Adds a metric where {@link Metric} says the action reports it, leaves it out elsewhere. */
    private record Metrics(EmfLine line, String action) {
        void put(Metric metric, double value) {
            if (metric.actions().contains(action)) line.metric(metric, value);
        }
    }
}
