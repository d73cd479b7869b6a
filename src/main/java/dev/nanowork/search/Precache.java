package dev.nanowork.search;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.Optional;

/**
 * Work searched before anyone waits for it ({@code work_precache}, our extension of the node's RPC): a wallet knows
 * the root of its next block as soon as it publishes one, asks for its work then, and later gets it answered at once.
 * On Lambda the search's shared work record holds it (the generate function claims the record and hands the search
 * to workers invoked asynchronously; a later {@code work_generate} enters the record as any other and is answered from
 * it); self-hosted, a bounded store of this process holds it, searched behind every interactive work.
 */
public interface Precache {
    /** Where a precache stands when it is asked for. */
    enum State {
        /** A search began for it now; it goes on without the caller. */
        STARTED,
        /** A search for it already runs (a precache or a {@code work_generate} of the same root). */
        SEARCHING,
        /** A work at or above the difficulty is held: a {@code work_generate} for it is answered at once. */
        READY
    }

    /**
     * Makes sure a work for {@code root} at {@code difficulty} is or will be ready, and answers at once; the search goes
     * on without the caller.
     *
     * @throws PrecacheRefusal when it cannot be taken (none here, the bounds reached): the caller's {@code
     *     work_generate} searches as it would have
     */
    State precache(Root root, Difficulty difficulty, Caller caller);

    /**
     * A work this process holds for {@code root} that reaches {@code difficulty}, checked against both, without any
     * search or call: what a {@code work_generate} is answered with before it queues. Empty when none is held here (on
     * Lambda the record answers a {@code work_generate} through its search, so this is always empty there).
     */
    default Optional<SearchResult.Found> ready(Root root, Difficulty difficulty) {
        return Optional.empty();
    }

    /** No precache: every {@code work_precache} is refused with {@code why}. */
    static Precache none(String why) {
        return (root, difficulty, caller) -> {
            throw new PrecacheRefusal(why);
        };
    }
}
