package dev.nanowork.search;

import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The hits a kernel reported that the scalar reference refused (always none with a correct kernel), counted, and
 * logged at SEVERE at most once per {@link #LOG_INTERVAL_NANOS} with the number left unlogged since: a wrong kernel
 * reports a hit per batch per thread, hundreds a second, which would flood the log without saying more.
 */
final class RejectedHits {
    private static final Logger LOG = Logger.getLogger(WorkSearch.class.getName());

    /** At most one SEVERE line per minute. */
    static final long LOG_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final AtomicLong hits = new AtomicLong();
    /** When a refused hit was last logged ({@link System#nanoTime()}), and the count of refused hits then. */
    private final AtomicLong lastLog = new AtomicLong();

    private final AtomicLong logged = new AtomicLong();

    long count() {
        return hits.get();
    }

    /** Counts {@code work}, which {@code kernel} reported for {@code root}, and logs it when a line is due. */
    void report(String kernel, Root root, long work) {
        long total = hits.incrementAndGet();
        long now = System.nanoTime();
        long last = lastLog.get();
        boolean due = total == 1 || now - last - LOG_INTERVAL_NANOS >= 0;
        if (!due || !lastLog.compareAndSet(last, now)) return;
        long before = logged.getAndSet(total);
        LOG.log(
                Level.SEVERE,
                "kernel {0} reported work {1} for root {2}, which the scalar reference refuses; the hit was dropped"
                        + " ({3} such hits in all, {4} not logged since the last report)",
                new Object[] {kernel, new Work(work), root, total, total - before - 1});
    }
}
