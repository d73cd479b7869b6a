package dev.nanowork.observe;

import java.util.Set;

/**
 * Every metric the functions report, each once, with its CloudWatch unit and the actions whose records carry it: the
 * one place the EMF lines ({@link EmfLine}), the dashboard and the alarms (terraform/modules/work-observe/metrics.json,
 * kept equal to this by a test) and the cost report's reader take their names from. Two dimensions only, {@link
 * #VARIANT} and {@link #ACTION}, both of a handful of values: CloudWatch bills each name and dimension values pair as a
 * custom metric, so a root, a key id or an address is never one (they are the record's other members, free to query
 * in Logs Insights).
 */
@SuppressWarnings("ImmutableEnumChecker") // each actions set is a Set.of: unmodifiable
public enum Metric {
    /** Wall time from the request's arrival to its answer; a worker's, from its invocation to its answer. */
    LATENCY("Latency", Unit.MILLISECONDS, Actions.ALL),
    // One outcome counter per record, valued 1: what the request came to.
    FOUND("Found", Unit.COUNT, Actions.SEARCHING),
    FROM_RECORD("FromRecord", Unit.COUNT, Actions.GENERATE),
    JOINED("Joined", Unit.COUNT, Actions.GENERATE),
    ANSWERED("Answered", Unit.COUNT, Actions.ANSWERING),
    DEADLINE("Deadline", Unit.COUNT, Actions.SEARCHING),
    CANCELLED("Cancelled", Unit.COUNT, Actions.SEARCHING),
    STOPPED("Stopped", Unit.COUNT, Actions.WORKER_ONLY),
    REFUSED("Refused", Unit.COUNT, Actions.ALL),
    FAILED("Failed", Unit.COUNT, Actions.ALL),
    /** Nonces tried on this execution for this request (a joiner's own, not the other executions'). */
    ATTEMPTS("Attempts", Unit.COUNT, Actions.SEARCHING),
    /** This execution's rate over its own search time: what Lambda's CPU share gave at this memory size. */
    HASH_RATE("HashRate", Unit.COUNT_PER_SECOND, Actions.SEARCHING),
    WORKERS_ASKED("WorkersAsked", Unit.COUNT, Actions.GENERATE),
    WORKERS_STARTED("WorkersStarted", Unit.COUNT, Actions.GENERATE),
    WORKERS_THROTTLED("WorkersThrottled", Unit.COUNT, Actions.GENERATE),
    WORKERS_FAILED("WorkersFailed", Unit.COUNT, Actions.GENERATE),
    /** Calls to the work record table that failed (the search went on alone, or a worker stopped). */
    RECORD_FAILURES("RecordFailures", Unit.COUNT, Actions.SHARING),
    /** Reads of the work record table this execution made for the request (each one read request unit). */
    RECORD_READS("RecordReads", Unit.COUNT, Actions.SHARING),
    /** Writes to the work record table this execution made for the request (each one write request unit). */
    RECORD_WRITES("RecordWrites", Unit.COUNT, Actions.SHARING),
    /** Nonces this execution tried after another's find, until its poll of the record saw it (an upper bound). */
    ATTEMPTS_AFTER_FIND("AttemptsAfterFind", Unit.COUNT, Actions.SHARING),
    /** The keys could not be read from their store (SSM): the request was refused for it. */
    KEY_STORE_FAILURES("KeyStoreFailures", Unit.COUNT, Actions.KEYED),
    /** The first record of an execution environment (Powertools' ColdStart metric). */
    COLD_START("ColdStart", Unit.COUNT, Actions.ALL);

    /** The dimension naming the deployed variant ({@code x86_64}, {@code arm64}, {@code lmi-c7i}, ...). */
    public static final String VARIANT = "Variant";

    /** The dimension naming the action ({@code work_generate}, ..., {@code worker} for a worker invocation). */
    public static final String ACTION = "Action";

    private final String metricName;
    private final Unit unit;
    private final Set<String> actions;

    Metric(String metricName, Unit unit, Set<String> actions) {
        this.metricName = metricName;
        this.unit = unit;
        this.actions = actions;
    }

    /** The name in CloudWatch and the member of the EMF line that carries the value. */
    public String metricName() {
        return metricName;
    }

    public Unit unit() {
        return unit;
    }

    /** The actions whose records may carry it. */
    public Set<String> actions() {
        return actions;
    }

    /** The CloudWatch units used here, as the EMF specification and {@code MetricDatum} spell them. */
    public enum Unit {
        MILLISECONDS("Milliseconds"),
        COUNT("Count"),
        COUNT_PER_SECOND("Count/Second");

        private final String wireName;

        Unit(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }
    }

    /** The action dimension's values, and which of them each metric is reported for. */
    public static final class Actions {
        public static final String WORK_GENERATE = "work_generate";
        public static final String WORKER = "worker";
        /** A request whose action could not be read (a body that is not a request). */
        public static final String UNKNOWN = "unknown";

        /** Every value the dimension takes: the RPC's actions, the worker, and unknown. */
        public static final Set<String> ALL =
                Set.of(WORK_GENERATE, "work_validate", "work_cancel", "status", "benchmark", WORKER, UNKNOWN);

        static final Set<String> GENERATE = Set.of(WORK_GENERATE);
        static final Set<String> WORKER_ONLY = Set.of(WORKER);
        static final Set<String> SEARCHING = Set.of(WORK_GENERATE, "benchmark", WORKER);
        static final Set<String> SHARING = Set.of(WORK_GENERATE, WORKER);
        static final Set<String> ANSWERING = Set.of("work_validate", "work_cancel", "status", "benchmark");
        static final Set<String> KEYED =
                Set.of(WORK_GENERATE, "work_validate", "work_cancel", "status", "benchmark", UNKNOWN);

        private Actions() {}
    }
}
