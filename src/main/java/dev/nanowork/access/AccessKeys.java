package dev.nanowork.access;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The endpoint's secrets as a request meets them: the wallets' key and the operator's ({@link Credentials}), and the
 * edge's origin secret (the proof that a request came through the edge, so that the viewer address it carries can be
 * believed). Each is fixed by the configuration or kept in the store and read by the one {@link StoredKeys}. Whether
 * any is configured is known at start-up, without a read. The three must differ: a wallet that holds the wallets' key
 * must not be able to pose as the operator or as the edge.
 */
public final class AccessKeys {
    /** No key at all: nano_node's open RPC. */
    public static final AccessKeys NONE = new AccessKeys(KeySource.NONE, KeySource.NONE);

    private final KeySource wallet;
    private final KeySource operator;
    private final KeySource origin;
    private final StoredKeys stored;

    /**
     * Keys given directly.
     *
     * @throws IllegalArgumentException when both are set and the same
     */
    public AccessKeys(KeySource wallet, KeySource operator) {
        this(wallet, operator, KeySource.NONE, null);
    }

    /**
     * @param stored the reader of every {@link KeySource.Stored} one; null when none is stored
     * @throws IllegalArgumentException when two secrets given in the configuration are the same
     */
    public AccessKeys(KeySource wallet, KeySource operator, KeySource origin, StoredKeys stored) {
        this.wallet = wallet;
        this.operator = operator;
        this.origin = origin;
        this.stored = stored;
        boolean anyStored = wallet instanceof KeySource.Stored
                || operator instanceof KeySource.Stored
                || origin instanceof KeySource.Stored;
        if (anyStored && stored == null) throw new IllegalArgumentException("a stored key needs its reader");
        if (!anyStored) {
            var unused = credentials(null);
        }
    }

    /** Keys given directly. */
    public static AccessKeys of(Credentials credentials) {
        return new AccessKeys(KeySource.fixed(credentials.wallet()), KeySource.fixed(credentials.operator()));
    }

    /** Whether a wallets' or an operator's key is configured. */
    public boolean keyed() {
        return wallet.configured() || operator.configured();
    }

    /** Whether an operator key is configured. */
    public boolean operatorConfigured() {
        return operator.configured();
    }

    /** Whether an origin secret is configured: every request must then carry it. */
    public boolean originConfigured() {
        return origin.configured();
    }

    /**
     * The keys as they stand now: at once while usable ones are held, else after a read of at most {@link
     * StoredKeys#FIRST_READ_WAIT}.
     *
     * @throws KeyUnavailableException when a stored key cannot be read, or the secrets read are not distinct
     */
    public Credentials current() {
        return credentials(stored == null ? null : await(stored.current()));
    }

    /**
     * Keys newer than {@code seen}, for a request none of whose keys {@code seen} accepts: a read since, or the read
     * under way when {@code seen} is past its cache time ({@link StoredKeys#fresher}); else {@code seen}.
     *
     * @throws KeyUnavailableException as {@link #current}
     */
    public Credentials fresher(Credentials seen) {
        if (seen.read() == null) return seen;
        HeldKeys newer = await(stored.fresher(seen.read()));
        return newer == seen.read() ? seen : credentials(newer);
    }

    /**
     * Whether {@code presented} (a request's origin header) is the origin secret; compared in constant time. Completes
     * at once while usable keys are held, so that the event loop that asks never waits; with none, when the read
     * answers (at most {@link StoredKeys#FIRST_READ_WAIT}), or exceptionally with {@link KeyUnavailableException}.
     */
    public CompletableFuture<Boolean> vouches(Optional<String> presented) {
        if (stored == null)
            return CompletableFuture.completedFuture(originSecret(null).matches(presented));
        return stored.current().thenCompose(read -> {
            if (originSecret(read).matches(presented)) return CompletableFuture.completedFuture(true);
            return stored.fresher(read)
                    .thenApply(newer -> newer != read && originSecret(newer).matches(presented));
        });
    }

    /** Starts reading the stored keys, if any, without waiting (after a SnapStart restore). */
    public void prefetch() {
        if (stored != null) stored.prefetch();
    }

    /** Readies the first read of the stored keys, if any, without reading them (before a SnapStart snapshot). */
    public void prime() {
        if (stored != null) stored.prime();
    }

    /** Drops every key read (before a SnapStart snapshot). */
    public void forget() {
        if (stored != null) stored.forget();
    }

    private SharedSecret originSecret(HeldKeys read) {
        var unused = credentials(read); // the secrets must differ before any is believed
        return secret(origin, read);
    }

    private Credentials credentials(HeldKeys read) {
        SharedSecret w = secret(wallet, read);
        SharedSecret o = secret(operator, read);
        SharedSecret g = secret(origin, read);
        try {
            if (g.sameAs(w) || g.sameAs(o))
                throw new IllegalArgumentException("the origin secret must differ from the wallets' and the operator's"
                        + " keys: a key holder must not be able to pose as the edge");
            return new Credentials(w, o, read);
        } catch (IllegalArgumentException e) {
            if (read == null) throw e;
            // Read from the store: refuse everyone until the operator fixes it, rather than let wallets operate.
            throw new KeyUnavailableException(e.getMessage(), e);
        }
    }

    private SharedSecret secret(KeySource source, HeldKeys read) {
        return switch (source) {
            case KeySource.Fixed fixed -> fixed.secret();
            case KeySource.Stored kept -> read.secret(kept.parameter(), stored.now());
        };
    }

    /** {@code future}'s keys, waited for here; its failure thrown as the {@link KeyUnavailableException} it is. */
    private static HeldKeys await(CompletableFuture<HeldKeys> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof KeyUnavailableException k) throw k;
            throw e;
        }
    }
}
