package dev.nanowork.access;

/**
 * The two credentials of the endpoint: the wallet key (needed for everything when set, shared by the wallets and
 * nano_nodes that use the endpoint) and the operator key (needed for {@code benchmark}, the details of {@code status}
 * and cancelling other clients' searches). They must differ: a wallet key leaks to every wallet that holds it, and
 * must not open what only the operator may do.
 *
 * <p>With no operator key configured, the operator actions are refused to everyone on a keyed deployment (nobody
 * can prove to be the operator); an endpoint with no key at all keeps nano_node's open behaviour for them, unless
 * {@code nano-work.benchmark.requires-key} asks otherwise.
 *
 * @param read the read of the store they come from, null for keys given in the configuration (they never go stale)
 */
public record Credentials(SharedSecret wallet, SharedSecret operator, HeldKeys read) {
    /** No key at all: nano_node's open RPC. */
    public static final Credentials NONE = new Credentials(SharedSecret.NONE, SharedSecret.NONE);

    public Credentials {
        if (wallet.required() && operator.required() && wallet.sameAs(operator)) {
            throw new IllegalArgumentException("nano-work.auth.operator-key must differ from nano-work.auth.key:"
                    + " a wallet key is shared with every wallet, the operator key with no one");
        }
    }

    /** Keys given in the configuration. */
    public Credentials(SharedSecret wallet, SharedSecret operator) {
        this(wallet, operator, null);
    }

    /** Whether any key is configured. */
    public boolean keyed() {
        return wallet.required() || operator.required();
    }
}
