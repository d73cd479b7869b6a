package dev.nanowork.function;

import dev.nanowork.config.WorkConfig;
import dev.nanowork.search.QueueLimits;
import dev.nanowork.work.Difficulty;
import java.util.Optional;

/** The settings {@link WorkEngine} checks at start-up before it hands them down: an impossible one stops it. */
final class StartupSettings {
    private StartupSettings() {}

    /** The queue's limits; every waiter holds a worker thread, so at most half the pool may wait. */
    static QueueLimits limits(WorkConfig config, Optional<Integer> workerThreads) {
        int pool = workerThreads.orElse(Math.max(200, 8 * Runtime.getRuntime().availableProcessors()));
        if (config.maxWaiters() > pool / 2) {
            // Past half the pool, waiters could leave work_validate without a thread.
            throw new IllegalArgumentException("nano-work.max-waiters " + config.maxWaiters()
                    + " must be at most half of quarkus.thread-pool.max-threads (" + pool
                    + "), so that work_validate, status and work_cancel always find a worker thread");
        }
        return new QueueLimits(
                config.queueCapacity(),
                config.waitersPerSearch(),
                config.searchesPerClient(),
                config.waitersPerClient(),
                config.maxWaiters(),
                config.selfHosted().searchesPerPeer());
    }

    static Difficulty parseDifficulty(String key, String value) {
        try {
            return Difficulty.parse(value.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    key + " must be 16 hex digits, e.g. fffffff800000000, was '" + value + "'", e);
        }
    }
}
