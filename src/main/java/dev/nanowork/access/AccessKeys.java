package dev.nanowork.access;

/**
 * The endpoint's two keys as a request meets them ({@link Credentials}): each fixed by the configuration or read from
 * the parameter store when needed. Whether any key is configured is known at start-up, without a read.
 */
public final class AccessKeys {
    /** No key at all: nano_node's open RPC. */
    public static final AccessKeys NONE = new AccessKeys(KeySource.NONE, KeySource.NONE);

    private final KeySource wallet;
    private final KeySource operator;

    /**
     * @throws IllegalArgumentException when both keys are given in the configuration and are the same
     */
    public AccessKeys(KeySource wallet, KeySource operator) {
        this.wallet = wallet;
        this.operator = operator;
        if (wallet instanceof KeySource.Fixed && operator instanceof KeySource.Fixed) current();
    }

    /** Keys given directly. */
    public static AccessKeys of(Credentials credentials) {
        return new AccessKeys(KeySource.fixed(credentials.wallet()), KeySource.fixed(credentials.operator()));
    }

    /** Whether any key is configured. */
    public boolean keyed() {
        return wallet.configured() || operator.configured();
    }

    /** Whether an operator key is configured. */
    public boolean operatorConfigured() {
        return operator.configured();
    }

    /**
     * The keys as they stand now, read when due.
     *
     * @throws KeyUnavailableException when a configured key cannot be read, or the two read are the same
     */
    public Credentials current() {
        SharedSecret w = wallet.secret();
        SharedSecret o = operator.secret();
        try {
            return new Credentials(w, o);
        } catch (IllegalArgumentException e) {
            if (wallet instanceof KeySource.Fixed && operator instanceof KeySource.Fixed) throw e;
            // Read from the store: refuse everyone until the operator fixes it, rather than let wallets operate.
            throw new KeyUnavailableException(e.getMessage(), e);
        }
    }

    /** Drops every key read (before a SnapStart snapshot). */
    public void forget() {
        wallet.forget();
        operator.forget();
    }
}
