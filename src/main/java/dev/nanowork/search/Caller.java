package dev.nanowork.search;

import java.util.concurrent.CompletableFuture;

/**
 * Who asked for a search, as far as the queue needs to know: the client's address, the client it counts as for the
 * per-client limits (a stranger's IPv6 address counts as its /64: access.ClientGroup), whether it presented the endpoint's key, and whether it is still there to hear the answer.
 *
 * <ul>
 *   <li>A {@code work_cancel} reaches only searches asked for by the same client ({@link #mayCancelFor}): the same
 *       address, as nano_node sends its {@code work_cancel} from the address it asked from, whether or not it holds
 *       a wallet key (a wallet key is shared by many wallets: holding it makes no one the owner of another's
 *       search). Only the operator (who presented the operator key) reaches every client's searches.
 *   <li>A caller that {@link #left} (its connection closed) stops waiting; a search nobody waits for ends.
 * </ul>
 *
 * <p>{@link #LOCAL} is this process itself (tests, tools, and a Lambda invocation, alone on its instance): it
 * never leaves and no per-client limit applies to it.
 */
public final class Caller {
    /** The process itself: never leaves, not limited per client. */
    public static final Caller LOCAL =
            new Caller("local", "local", Role.ANYONE, new CompletableFuture<>(), true, false);

    /** What the caller proved by the key it presented. */
    private enum Role {
        ANYONE,
        KEY_HOLDER,
        OPERATOR
    }

    private final String address;
    /** The key of the per-client limits: the address, or the group it belongs to. */
    private final String client;

    private final Role role;
    private final CompletableFuture<Void> gone;
    /** The process itself, in any role: never leaves, not limited per client. */
    private final boolean local;
    /** A trusted work peer (a nano_node, all its requests from one address): the queue's peer bounds apply. */
    private final boolean peer;

    private Caller(
            String address, String client, Role role, CompletableFuture<Void> gone, boolean local, boolean peer) {
        this.address = address;
        this.client = client;
        this.role = role;
        this.gone = gone;
        this.local = local;
        this.peer = peer;
    }

    /**
     * A client at {@code address}: the connection's address, or the client a trusted proxy names (the server decides
     * which; see function/RequestOrigin).
     */
    public static Caller at(String address) {
        return at(address, address);
    }

    /** A client at {@code address} whose per-client limits count under {@code client} (its group of addresses). */
    public static Caller at(String address, String client) {
        return new Caller(address, client, Role.ANYONE, new CompletableFuture<>(), false, false);
    }

    /** A trusted work peer at {@code address} (nano-work.self-hosted.work-peers): the queue's peer bounds apply. */
    public static Caller workPeerAt(String address) {
        return new Caller(address, address, Role.ANYONE, new CompletableFuture<>(), false, true);
    }

    /** The same caller, known to hold the endpoint's (wallet) key; it leaves when this one leaves. */
    public Caller holdingKey() {
        return new Caller(address, client, Role.KEY_HOLDER, gone, local, peer);
    }

    /** The same caller, known to hold the operator key; it leaves when this one leaves. */
    public Caller asOperator() {
        return new Caller(address, client, Role.OPERATOR, gone, local, peer);
    }

    /** Whether this caller is a trusted work peer. */
    public boolean workPeer() {
        return peer;
    }

    /** Which client this is, for the queue's lines and limits: its group of addresses ({@code local} for the process). */
    String client() {
        return client;
    }

    /** Whether this caller presented the operator key. */
    public boolean operator() {
        return role == Role.OPERATOR;
    }

    /** The connection closed: whatever this caller waits for, it waits no longer. */
    public void left() {
        if (!local) gone.complete(null);
    }

    /** Runs {@code action} once this caller has left (at once if it already has). */
    void onLeave(Runnable action) {
        if (local) return; // it never leaves: nothing to hold on to
        var unused = gone.thenRun(action); // the action's own failures are its own (it only completes futures)
    }

    /** Whether the per-client limits apply (to every caller but the process itself). */
    boolean limited() {
        return !local;
    }

    /** The same client, for the per-client limits: the same group of addresses. */
    boolean sameClient(Caller other) {
        return client.equals(other.client);
    }

    /**
     * Whether this caller's {@code work_cancel} may stop what {@code asker} asked for: the exact address, not the
     * group, since a cancel reaches another's search rather than bounding one's own.
     */
    boolean mayCancelFor(Caller asker) {
        return operator() || address.equals(asker.address);
    }

    /** The address it asked from: what {@code work_cancel} matches, here and in a shared work record. */
    public String address() {
        return address;
    }

    /** The address and role only: a key is never part of what is shown. */
    @Override
    public String toString() {
        return address
                + (peer ? " (work peer)" : "")
                + switch (role) {
                    case ANYONE -> "";
                    case KEY_HOLDER -> " (key holder)";
                    case OPERATOR -> " (operator)";
                };
    }
}
