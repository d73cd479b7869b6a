package dev.nanowork.search;

import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.security.SecureRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Searches one root on every thread: thread t of N scans its own 1/N of the 2^64 nonces,
 * counting up from a random start, in batches; the first hit, a cancel or the deadline stops all
 * threads at their next batch boundary. Every hit is re-checked with the scalar reference before it
 * is returned, so a faulty kernel can cost time but never produce an invalid answer.
 *
 * <p>Searches may be requested concurrently; each has its own state, and they share the threads.
 */
public final class WorkSearch implements AutoCloseable {
    /**
     * Nonces per batch between two looks at the stop flags (a hit on another thread, a cancel, the deadline): a stop
     * reaches every thread within one batch, 2^16 / r seconds at one thread's rate r, which is 2 ms at 30 MH/s and
     * 13 ms at 5 MH/s. Every kernel searches millions of nonces a second on a thread once C2 has compiled it (status
     * and benchmark answer this process's own rate), so a stop takes milliseconds, and the look itself (a few volatile
     * reads and a clock read, under a microsecond) is lost in them. {@code auto}'s ranking and priming time compiled
     * kernels in calls of this size too ({@code CpuClock.REQUEST_BATCH}).
     */
    public static final long BATCH = 1L << 16;

    /** Swapped only by {@link #useKernel}; each search reads it once, when it starts. */
    private volatile WorkKernel kernel;

    private final int threads;
    private final ExecutorService pool;
    /** Where each search starts: a snapshot freezes its state, so a restore must {@link #reseed} it. */
    private final SecureRandom random;

    private final RejectedHits rejected = new RejectedHits();
    /** Interactive searches first: a search in the background runs only while none does. */
    private final Foreground foreground = new Foreground();

    public WorkSearch(WorkKernel kernel, int threads) {
        this(kernel, threads, new SecureRandom());
    }

    /**
     * With the generator of start nonces given: a deterministic one stands for the state a SnapStart snapshot
     * freezes, the same in every instance restored from it.
     */
    public WorkSearch(WorkKernel kernel, int threads, SecureRandom starts) {
        if (threads < 1) throw new IllegalArgumentException("threads must be at least 1, was " + threads);
        this.kernel = kernel;
        this.threads = threads;
        this.random = starts;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "work-search-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Mixes fresh entropy into the start nonces' generator: after a SnapStart restore every copy must differ. */
    public void reseed(byte[] seed) {
        random.setSeed(seed);
    }

    public WorkKernel kernel() {
        return kernel;
    }

    /**
     * Searches with {@code fallback} from the next search on, on the same threads: after a SnapStart restore on a CPU
     * that lacks what the selected kernel needs. A search already running ends with the kernel it began with.
     */
    public void useKernel(WorkKernel fallback) {
        this.kernel = fallback;
    }

    public int threads() {
        return threads;
    }

    /** Hits the kernel reported that the scalar reference refused (always 0 with a correct kernel). */
    public long rejectedHits() {
        return rejected.count();
    }

    /**
     * A random start nonce (or any random 64 bits) from the same generator a search starts from, so that a SnapStart
     * restore's {@link #reseed} makes it differ in every copy: a fan-out's workers start from these.
     */
    public long nextStart() {
        return random.nextLong();
    }

    /** Searches from a random start. {@code deadlineNanos} is on the {@link System#nanoTime()} clock. */
    public SearchResult search(Root root, Difficulty difficulty, long deadlineNanos, CancelSignal cancel) {
        return search(root, difficulty, random.nextLong(), deadlineNanos, cancel);
    }

    /**
     * Searches from {@code start}; thread t begins at {@code start + t * (2^64 / threads)}. A search in the background
     * running now gives way first ({@link Foreground}).
     */
    public SearchResult search(Root root, Difficulty difficulty, long start, long deadlineNanos, CancelSignal cancel) {
        foreground.enter();
        try {
            return run(root, difficulty, start, deadlineNanos, cancel);
        } finally {
            foreground.leave();
        }
    }

    /**
     * Searches in the background (a precache) from a random start: waits until no other search has run for a moment,
     * and gives way within a batch once one begins, ending {@link SearchResult.Cancelled} while {@code cancel} is not
     * raised. Never delays an interactive search by more than that batch.
     *
     * @throws InterruptedException when interrupted while it waits for its turn
     */
    SearchResult searchInBackground(Root root, Difficulty difficulty, long deadlineNanos, CancelSignal cancel)
            throws InterruptedException {
        CancelSignal yielding = foreground.awaitIdle(cancel);
        try {
            return run(root, difficulty, random.nextLong(), deadlineNanos, yielding);
        } finally {
            foreground.backgroundEnded();
        }
    }

    private SearchResult run(Root root, Difficulty difficulty, long start, long deadlineNanos, CancelSignal cancel) {
        long began = System.nanoTime();
        WorkKernel.RootSearch rootSearch = kernel.forRoot(root);
        Request request = new Request(root, rootSearch, difficulty.threshold(), deadlineNanos, cancel);
        long stride = Long.divideUnsigned(-1L, threads) + 1; // ~2^64 / threads
        CountDownLatch done = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            long from = start + t * stride;
            pool.execute(() -> {
                try {
                    request.scan(from);
                } catch (Throwable e) {
                    request.failure.compareAndSet(null, e);
                } finally {
                    done.countDown();
                }
            });
        }
        try {
            done.await();
        } catch (InterruptedException e) {
            cancel.cancel();
            Thread.currentThread().interrupt();
            awaitQuietly(done);
        }
        long elapsed = System.nanoTime() - began;
        long attempts = request.attempts.get();
        Found found = request.found.get();
        if (found != null) return new SearchResult.Found(new Work(found.work), found.value, attempts, elapsed);
        if (request.failure.get() != null) return new SearchResult.Failed(request.failure.get(), attempts, elapsed);
        if (cancel.isCancelled()) return new SearchResult.Cancelled(attempts, elapsed);
        return new SearchResult.DeadlineReached(attempts, elapsed);
    }

    private static void awaitQuietly(CountDownLatch done) {
        boolean interrupted = false;
        while (true) {
            try {
                done.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    private record Found(long work, long value) {}

    /** The state of one search, shared by its threads. */
    private final class Request {
        final Root root;
        final WorkKernel.RootSearch rootSearch;
        final long threshold;
        final long deadlineNanos;
        final CancelSignal cancel;
        final AtomicReference<Found> found = new AtomicReference<>();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final AtomicLong attempts = new AtomicLong();

        Request(Root root, WorkKernel.RootSearch rootSearch, long threshold, long deadlineNanos, CancelSignal cancel) {
            this.root = root;
            this.rootSearch = rootSearch;
            this.threshold = threshold;
            this.deadlineNanos = deadlineNanos;
            this.cancel = cancel;
        }

        boolean stopped() {
            return found.get() != null
                    || failure.get() != null
                    || cancel.isCancelled()
                    || System.nanoTime() - deadlineNanos >= 0;
        }

        void scan(long from) {
            long nonce = from;
            while (!stopped()) {
                long hit = rootSearch.search(nonce, BATCH, threshold);
                if (hit == WorkKernel.NOT_FOUND) {
                    attempts.addAndGet(BATCH);
                    nonce += BATCH;
                    continue;
                }
                attempts.addAndGet(hit + 1);
                long work = nonce + hit;
                long value = WorkValue.value(root, work);
                if (Long.compareUnsigned(value, threshold) >= 0) {
                    found.compareAndSet(null, new Found(work, value));
                    return;
                }
                rejected.report(kernel.name(), root, work);
                nonce = work + 1;
            }
        }
    }
}
