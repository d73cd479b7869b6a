package dev.nanowork.access;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * The one reader of every parameter the endpoint keeps in the store (the wallets' key, the operator's, the edge's origin
 * secret): one {@code GetParameters} for all ({@link HeldKeys#read}), first when a request needs them (after a SnapStart
 * restore, never into the snapshot), again once a read is {@code cache} old, so a rotation needs no deploy.
 *
 * <p>While usable keys are held no request waits: a due read runs in the background, one at a time, on a virtual
 * thread. With nothing held (the first request after a start or a restore) a request waits for the read at most {@link
 * #FIRST_READ_WAIT}, then {@link KeyUnavailableException}; so does a request whose key no held key takes while they are
 * past their cache time ({@link #fresher}: a wallet that moved to a rotated key is not refused by a stale execution).
 * Failed reads back off ({@link Backoff}: 1 s doubling to 30 s, jittered), reset by a success; the last keys read stay
 * in use for {@code grace} after their read, never longer. No lock is held across a call to the store.
 */
public final class StoredKeys {
    private static final Logger LOG = Logger.getLogger(StoredKeys.class.getName());

    /**
     * The longest a request waits for a read when nothing is held, then {@code Key unavailable} (the read goes on). The
     * first GetParameters after a SnapStart restore took 508 ms at full CPU and 1,209 ms at the validate function's
     * 30% share (3,602 ms before the SDK path was primed into the snapshot), 11 to 30 ms warm (SilentKeyStoreIT, a
     * 2-core AMD EPYC); the read starts in the restore hook, so the first request finds it under way.
     */
    public static final Duration FIRST_READ_WAIT = Duration.ofSeconds(1);

    private final List<String> parameters;
    private final ParameterStore store;
    private final Duration cache;
    private final Duration grace;
    private final Duration wait;
    private final Clock clock;
    private final Backoff backoff;
    private final Executor reads;

    private HeldKeys held;
    private CompletableFuture<HeldKeys> reading;
    private Instant nextAttempt = Instant.MIN;
    private int failures;
    private KeyUnavailableException failure;
    /** Raised by {@link #forget}: a read begun before it is not kept. */
    private long generation;

    /**
     * @param parameters the parameters' names, 1 to {@link ParameterStore#MAX_SELECTORS}
     * @param cache how long a read is used before the next (positive)
     * @param grace how long a replaced version stays accepted after its successor was written, and how long the last
     *     keys read stay usable when reads fail (more than {@code cache}: a rotated key must be read everywhere
     *     before the old one stops)
     */
    public StoredKeys(List<String> parameters, ParameterStore store, Duration cache, Duration grace, Clock clock) {
        this(parameters, store, cache, grace, clock, FIRST_READ_WAIT, Backoff.DEFAULT, StoredKeys::onVirtualThread);
    }

    StoredKeys(
            List<String> parameters,
            ParameterStore store,
            Duration cache,
            Duration grace,
            Clock clock,
            Duration wait,
            Backoff backoff,
            Executor reads) {
        if (parameters.isEmpty() || parameters.size() > ParameterStore.MAX_SELECTORS)
            throw new IllegalArgumentException(
                    "1 to " + ParameterStore.MAX_SELECTORS + " parameters, was " + parameters);
        if (!cache.isPositive()) throw new IllegalArgumentException("the key cache time must be positive");
        if (grace.compareTo(cache) <= 0)
            throw new IllegalArgumentException("the rotation grace (" + grace + ") must exceed the key cache time ("
                    + cache + "): a rotated key must be read everywhere before the old one stops");
        this.parameters = List.copyOf(parameters);
        this.store = store;
        this.cache = cache;
        this.grace = grace;
        this.clock = clock;
        this.wait = wait;
        this.backoff = backoff;
        this.reads = reads;
    }

    private static void onVirtualThread(Runnable read) {
        Thread.ofVirtual().name("key-read").start(read);
    }

    /** The clock the keys' ends are on. */
    public Instant now() {
        return clock.instant();
    }

    /**
     * The keys to check a request with: at once when usable ones are held (a read that is due is started, not waited
     * for); with none, the read's answer within {@link #FIRST_READ_WAIT}, else {@link KeyUnavailableException}.
     */
    public CompletableFuture<HeldKeys> current() {
        Instant now = clock.instant();
        CompletableFuture<HeldKeys> read;
        boolean start;
        long gen;
        HeldKeys usable;
        KeyUnavailableException refusal = null;
        synchronized (this) {
            if (held != null && now.isBefore(held.freshUntil())) return CompletableFuture.completedFuture(held);
            start = reading == null && !now.isBefore(nextAttempt);
            if (start) reading = new CompletableFuture<>();
            read = reading;
            gen = generation;
            usable = held != null && now.isBefore(held.readAt().plus(grace)) ? held : null;
            if (usable == null && read == null)
                refusal = failure != null ? failure : new KeyUnavailableException("SSM parameters " + parameters);
        }
        if (start) launch(read, gen);
        if (usable != null) return CompletableFuture.completedFuture(usable);
        if (refusal != null) return CompletableFuture.failedFuture(refusal);
        return bounded(read);
    }

    /**
     * Keys newer than {@code seen}, for a request whose key {@code seen} refuses: what a read since holds, or, when
     * {@code seen} is past its cache time, the answer of the read under way (started if due) within {@link
     * #FIRST_READ_WAIT}; else {@code seen} itself. Never fails.
     */
    public CompletableFuture<HeldKeys> fresher(HeldKeys seen) {
        Instant now = clock.instant();
        CompletableFuture<HeldKeys> read;
        boolean start;
        long gen;
        synchronized (this) {
            if (held != null && held != seen) return CompletableFuture.completedFuture(held);
            if (now.isBefore(seen.freshUntil())) return CompletableFuture.completedFuture(seen);
            start = reading == null && !now.isBefore(nextAttempt);
            if (start) reading = new CompletableFuture<>();
            read = reading;
            gen = generation;
        }
        if (read == null) return CompletableFuture.completedFuture(seen);
        if (start) launch(read, gen);
        return bounded(read).exceptionally(e -> seen);
    }

    /** Starts a read when none is held (after a SnapStart restore: the first request then finds it done or under way). */
    public void prefetch() {
        current().exceptionally(e -> null); // its failure is logged by the read, and met again by the next request
    }

    /** Readies the store's first read without reading ({@link ParameterStore#prime}): before a SnapStart snapshot. */
    public void prime() {
        store.prime();
    }

    /** Drops every key read, and any read under way (before a SnapStart snapshot: no key may sit in it). */
    public synchronized void forget() {
        held = null;
        reading = null;
        failure = null;
        failures = 0;
        nextAttempt = Instant.MIN;
        generation++;
    }

    private CompletableFuture<HeldKeys> bounded(CompletableFuture<HeldKeys> read) {
        return read.copy().orTimeout(wait.toMillis(), TimeUnit.MILLISECONDS).handle((keys, e) -> {
            if (e == null) return keys;
            Throwable cause = e instanceof CompletionException ? e.getCause() : e;
            if (cause instanceof KeyUnavailableException k) throw k;
            throw new KeyUnavailableException(
                    "SSM parameters " + parameters + " not read within " + wait.toMillis() + " ms (the read goes on)",
                    cause);
        });
    }

    /** Runs one read off the caller's thread, outside every lock. */
    private void launch(CompletableFuture<HeldKeys> read, long gen) {
        reads.execute(() -> {
            Instant started = clock.instant();
            long t0 = System.nanoTime();
            try {
                HeldKeys keys = HeldKeys.read(store, parameters, cache, grace, started);
                succeeded(read, gen, keys, (System.nanoTime() - t0) / 1_000_000);
            } catch (KeyUnavailableException e) {
                failed(read, gen, e);
            } catch (RuntimeException e) {
                failed(read, gen, new KeyUnavailableException("SSM parameters " + parameters + ": " + e, e));
            }
        });
    }

    @SuppressWarnings("ReferenceEquality") // this very read, not an equal one
    private void succeeded(CompletableFuture<HeldKeys> read, long gen, HeldKeys keys, long millis) {
        HeldKeys before;
        KeyUnavailableException after;
        synchronized (this) {
            if (reading == read) reading = null;
            if (gen != generation) {
                read.complete(keys);
                return;
            }
            before = held;
            after = failure;
            held = keys;
            failure = null;
            failures = 0;
            nextAttempt = Instant.MIN;
        }
        if (after != null) LOG.info(() -> "keys: read again after: " + after.getMessage());
        if (!keys.sameVersions(before))
            LOG.info(() -> "keys: read in " + millis + " ms: " + keys.describe() + "; read again after " + cache);
        read.complete(keys);
    }

    @SuppressWarnings("ReferenceEquality") // this very read, not an equal one
    private void failed(CompletableFuture<HeldKeys> read, long gen, KeyUnavailableException e) {
        boolean first;
        HeldKeys usable;
        synchronized (this) {
            if (reading == read) reading = null;
            if (gen != generation) {
                read.completeExceptionally(e);
                return;
            }
            first = failure == null;
            failure = e;
            failures++;
            Instant now = clock.instant();
            nextAttempt = now.plus(backoff.after(failures));
            usable = held != null && now.isBefore(held.readAt().plus(grace)) ? held : null;
        }
        if (first)
            LOG.warning(() -> e.getMessage()
                    + (usable != null
                            ? "; the keys read at " + usable.readAt() + " stay in use until "
                                    + usable.readAt().plus(grace)
                            : "; refusing every request until the keys can be read")
                    + " (read again after 1 s, doubling up to " + backoff.cap().toSeconds() + " s)");
        read.completeExceptionally(e);
    }
}
