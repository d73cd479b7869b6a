package dev.nanowork.search;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The precached works not yet used, one per root, oldest first: kept until a {@code work_generate} takes one, or until
 * it is {@code ttl} old (checked at every look, not left to a sweeper), or until {@code max} newer ones push it out.
 * Every work is checked against its root and the difficulty asked before it is answered: one that does not reach
 * what it was held for (a fault of this process's memory or code) is dropped and logged, never answered. Not
 * thread-safe: the precache's lock guards it.
 */
final class HeldWorks {
    private static final Logger LOG = Logger.getLogger(HeldWorks.class.getName());

    /** A work and the value it had when it was found, and when that was. */
    private record Held(Work work, long value, Instant found) {}

    private final LinkedHashMap<Root, Held> works = new LinkedHashMap<>();
    private final int max;
    private final Duration ttl;
    private final Clock clock;

    HeldWorks(int max, Duration ttl, Clock clock) {
        this.max = max;
        this.ttl = ttl;
        this.clock = clock;
    }

    /** Holds {@code work} (of value {@code value}) for {@code root}, in place of any held before; the oldest goes past max. */
    void put(Root root, Work work, long value) {
        works.remove(root);
        works.put(root, new Held(work, value, clock.instant()));
        // Oldest first, so the expired ones lead; the one just put is the newest, and stays.
        Iterator<Held> oldest = works.values().iterator();
        while (oldest.hasNext()) {
            Held held = oldest.next();
            if (works.size() <= max && !expired(held)) break;
            oldest.remove();
        }
    }

    /** Whether a work for {@code root} that reaches {@code difficulty} is held (checked, as for an answer). */
    boolean holds(Root root, Difficulty difficulty) {
        return checked(root).filter(h -> difficulty.isReachedBy(h.value())).isPresent();
    }

    /**
     * The held work for {@code root} if it reaches {@code difficulty}, taken out (a root's work is used once: its block
     * is then made); one that does not reach it stays for a lower one.
     */
    Optional<SearchResult.Found> take(Root root, Difficulty difficulty) {
        Optional<Held> held = checked(root).filter(h -> difficulty.isReachedBy(h.value()));
        held.ifPresent(h -> works.remove(root));
        return held.map(h -> new SearchResult.Found(h.work(), h.value(), 0, 0));
    }

    int size() {
        return works.size();
    }

    /**
     * The work held for {@code root}, fresh and checked: its value computed again for this root must be the value it
     * was held with; an expired or wrong one is dropped.
     */
    private Optional<Held> checked(Root root) {
        Held held = works.get(root);
        if (held == null) return Optional.empty();
        if (expired(held)) {
            works.remove(root);
            return Optional.empty();
        }
        long value = WorkValue.value(root, held.work());
        if (value != held.value()) {
            works.remove(root);
            LOG.log(
                    Level.SEVERE,
                    "precached work {0} for root {1} has value {2}, not the {3} it was held with; dropped, never"
                            + " answered",
                    new Object[] {held.work(), root, new Difficulty(value), new Difficulty(held.value())});
            return Optional.empty();
        }
        return Optional.of(held);
    }

    private boolean expired(Held held) {
        return !clock.instant().isBefore(held.found().plus(ttl));
    }
}
