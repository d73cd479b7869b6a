package dev.nanowork.search;

import java.util.concurrent.CompletableFuture;

/**
 * Who asked for a search, as far as the queue needs to know: the client's address (the limits on searches
 * are per client), whether it presented the endpoint's key, and whether it is still there to hear the answer.
 *
 * <ul>
 *   <li>A {@code work_cancel} reaches only searches asked for by the same caller ({@link #mayCancelFor}): with a
 *       key configured, any holder of the key (there is one shared key, so its holders are one party); without
 *       one, the same address, as nano_node sends its {@code work_cancel} from the address it asked from.
 *   <li>A caller that {@link #left} (its connection closed) stops waiting; a search nobody waits for ends.
 * </ul>
 *
 * <p>{@link #LOCAL} is this process itself (tests, tools, and a Lambda invocation, alone on its instance): it
 * never leaves and no per-client limit applies to it.
 */
public final class Caller {
    /** The process itself: never leaves, not limited per client. */
    public static final Caller LOCAL = new Caller("local", false);

    private final String address;
    private final boolean keyHolder;
    private final CompletableFuture<Void> gone;

    private Caller(String address, boolean keyHolder, CompletableFuture<Void> gone) {
        this.address = address;
        this.keyHolder = keyHolder;
        this.gone = gone;
    }

    private Caller(String address, boolean keyHolder) {
        this(address, keyHolder, new CompletableFuture<>());
    }

    /** A client at {@code address} (its IP address as the connection shows it; never a forwarded header). */
    public static Caller at(String address) {
        return new Caller(address, false);
    }

    /** The same caller, known to hold the endpoint's key; it leaves when this one leaves. */
    public Caller holdingKey() {
        return this == LOCAL ? this : new Caller(address, true, gone);
    }

    /** The connection closed: whatever this caller waits for, it waits no longer. */
    public void left() {
        if (this != LOCAL) gone.complete(null);
    }

    /** Runs {@code action} once this caller has left (at once if it already has). */
    void onLeave(Runnable action) {
        if (this == LOCAL) return; // it never leaves: nothing to hold on to
        var unused = gone.thenRun(action); // the action's own failures are its own (it only completes futures)
    }

    /** Whether the per-client limits apply (to every caller but the process itself). */
    boolean limited() {
        return this != LOCAL;
    }

    /** The same client, for the per-client limits: the same address. */
    boolean sameClient(Caller other) {
        return address.equals(other.address);
    }

    /** Whether this caller's {@code work_cancel} may stop what {@code asker} asked for. */
    boolean mayCancelFor(Caller asker) {
        return (keyHolder && asker.keyHolder) || sameClient(asker);
    }

    /** The address only: a key is never part of what is shown. */
    @Override
    public String toString() {
        return address + (keyHolder ? " (key holder)" : "");
    }
}
