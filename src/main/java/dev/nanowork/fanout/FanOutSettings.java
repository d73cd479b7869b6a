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

    static final Duration SHORTEST_POLL = Duration.ofMillis(10);
    static final Duration LONGEST_POLL = Duration.ofSeconds(5);

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
