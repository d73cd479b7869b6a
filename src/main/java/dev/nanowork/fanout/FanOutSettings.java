package dev.nanowork.fanout;

import java.time.Duration;

/**
 * The fan-out's settings, checked at start-up: an impossible value stops the function with a message saying what is
 * possible, before any request.
 *
 * @param target the expected search time a work aims for; longer searches get workers
 * @param maxWorkers the most workers one work invokes (0: the record only, no worker)
 * @param pollInterval how often each execution of a search reads its record
 * @param recordTtl how long a found work is kept to answer retries and duplicates
 */
public record FanOutSettings(Duration target, int maxWorkers, Duration pollInterval, Duration recordTtl) {
    /** Lambda's recursion guard and the account's concurrency make more pointless; 64 already gives 65x. */
    public static final int MOST_WORKERS = 64;

    /*
     * The defaults (FanOutConfig, the Terraform variables and the cost report read these): a 1 s expected search is a
     * p99 under 5 s, and on the 10 GB functions 10 to 13 workers cost under 1.10x a single search; 500 ms gave 16
     * workers at 1.12x for a p99 of 3 s (docs/cost.md, "Fan-out").
     */
    public static final String DEFAULT_TARGET = "1s";
    public static final String DEFAULT_MAX_WORKERS = "16";
    public static final String DEFAULT_POLL_INTERVAL = "50ms";
    public static final String DEFAULT_RECORD_TTL = "1h";

    static final Duration SHORTEST_POLL = Duration.ofMillis(10);
    static final Duration LONGEST_POLL = Duration.ofSeconds(5);

    /** The settings when nothing is configured (after the bounds above, which its construction checks). */
    public static final FanOutSettings DEFAULTS = new FanOutSettings(
            duration(DEFAULT_TARGET),
            Integer.parseInt(DEFAULT_MAX_WORKERS),
            duration(DEFAULT_POLL_INTERVAL),
            duration(DEFAULT_RECORD_TTL));

    public FanOutSettings {
        if (target.isNegative() || target.isZero())
            throw new IllegalArgumentException("nano-work.fan-out.target must be positive, e.g. 500ms, was " + target);
        if (maxWorkers < 0 || maxWorkers > MOST_WORKERS)
            throw new IllegalArgumentException("nano-work.fan-out.max-workers must be 0 to " + MOST_WORKERS
                    + " (0: no worker, the record only), was " + maxWorkers);
        if (pollInterval.compareTo(SHORTEST_POLL) < 0 || pollInterval.compareTo(LONGEST_POLL) > 0)
            throw new IllegalArgumentException("nano-work.fan-out.poll-interval must be 10ms to 5s (each execution"
                    + " reads the record this often; a find stops the others within it), was " + pollInterval);
        if (recordTtl.compareTo(Duration.ofMinutes(1)) < 0 || recordTtl.compareTo(Duration.ofDays(1)) > 0)
            throw new IllegalArgumentException(
                    "nano-work.fan-out.record-ttl must be 1m to 1d (a found work answers retries this long), was "
                            + recordTtl);
    }

    /** One of the defaults above as SmallRye Config reads it: a whole number and ms, s or h. */
    private static Duration duration(String value) {
        var m = java.util.regex.Pattern.compile("(\\d+)(ms|s|h)").matcher(value);
        if (!m.matches()) throw new IllegalArgumentException("not a default duration: " + value);
        long amount = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            default -> Duration.ofHours(amount);
        };
    }

    /**
     * How many workers a search gets: none when this execution alone is expected to find the work within the target,
     * else enough for the expected time of all of them together to meet it, at most {@link #maxWorkers}. The expected
     * number of hashes does not depend on how many executions share them, so N executions cost what one does.
     *
     * @param expectedAttempts the difficulty's expected number of hashes
     * @param hashesPerSecond this execution's rate on all its threads (0 when unknown: no workers)
     */
    public int workers(double expectedAttempts, double hashesPerSecond) {
        if (hashesPerSecond <= 0) return 0;
        double alone = expectedAttempts / hashesPerSecond;
        double target = target().toNanos() / 1e9;
        if (alone <= target) return 0;
        return (int) Math.min(maxWorkers, Math.ceil(alone / target) - 1);
    }
}
