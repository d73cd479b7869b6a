package dev.nanowork.search;

import static dev.nanowork.search.Queues.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.LogCapture;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/** A work held for a precache is answered only when it reaches both its root and the difficulty asked. */
class HeldWorksTest {
    static final Difficulty LOW = new Difficulty(0xf000000000000000L);

    final HeldWorks held = new HeldWorks(16, Duration.ofDays(7), Clock.systemUTC());

    /** The first work from 0 whose value for {@code root} reaches {@code difficulty}. */
    static Work firstWork(Root root, Difficulty difficulty) {
        long work = 0;
        while (!WorkValue.isValid(root, work, difficulty)) work++;
        return new Work(work);
    }

    @Test
    void aWrongWorkInTheStoreIsNeverAnsweredAndIsDropped() {
        Root root = root(1);
        Work right = firstWork(root, LOW);
        Work wrong = new Work(right.value() + 1);
        long claimed = WorkValue.value(root, right.value()); // as if its value had been the right one's
        try (LogCapture severe = LogCapture.atLeast(Level.SEVERE)) {
            held.put(root, wrong, claimed);
            // Planted: a store that trusts the value it holds (no recomputation in checked()): the wrong work is
            // READY and answered.
            assertFalse(held.holds(root, LOW));
            assertEquals(Optional.empty(), held.take(root, LOW));
            assertEquals(0, held.size(), "dropped");
            assertTrue(
                    severe.allText().contains("never answered"), severe.lines().toString());
        }
    }

    @Test
    void aWorkHeldUnderAnotherRootIsNeverAnswered() {
        Root mine = root(1);
        Root other = root(2);
        Work others = firstWork(other, LOW);
        held.put(mine, others, WorkValue.value(other, others.value()));
        try (LogCapture severe = LogCapture.atLeast(Level.SEVERE)) {
            assertEquals(Optional.empty(), held.take(mine, new Difficulty(0)), "checked against its own root");
            assertEquals(1, severe.lines().size(), severe.lines().toString());
        }
    }

    @Test
    void aRightWorkIsAnsweredAtItsValue() {
        Root root = root(3);
        Work work = firstWork(root, LOW);
        long value = WorkValue.value(root, work.value());
        held.put(root, work, value);
        assertTrue(held.holds(root, LOW));
        SearchResult.Found found = held.take(root, LOW).orElseThrow();
        assertEquals(work, found.work());
        assertEquals(value, found.value());
    }
}
