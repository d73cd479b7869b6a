package dev.nanowork.search;

import static dev.nanowork.search.Queues.ALICE;
import static dev.nanowork.search.Queues.MALLORY;
import static dev.nanowork.search.Queues.UNREACHABLE;
import static dev.nanowork.search.Queues.awaitThat;
import static dev.nanowork.search.Queues.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.LogCapture;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The self-hosted precache's rules: its bounds, what it answers and when, how long it keeps a work. */
class LocalPrecacheTest {
    /** Reached by one value in 16: found in a precache's first batch. */
    static final Difficulty EASY = new Difficulty(0xf000000000000000L);

    static final Difficulty HARDER = new Difficulty(0xff00000000000000L);
    static final Duration TTL = Duration.ofDays(7);

    /** A clock the test moves. */
    static final class MovedClock extends Clock {
        volatile Instant now = Instant.parse("2026-01-01T00:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    final MovedClock clock = new MovedClock();
    final RecordingKernel kernel = new RecordingKernel();
    final WorkSearch search = new WorkSearch(kernel, 1);
    LocalPrecache precache;

    LocalPrecache precache(int maxSearches, int perClient, int maxHeld) {
        precache = new LocalPrecache(search, new PrecacheSettings(maxSearches, perClient, maxHeld, TTL), clock);
        return precache;
    }

    @AfterEach
    void stop() {
        if (precache != null) precache.close();
        search.close();
    }

    void awaitFound(int held) throws InterruptedException {
        awaitThat(held + " works held", () -> precache.held() == held && precache.searches() == 0);
    }

    @Test
    void aPrecachedWorkAnswersOnceAtOrBelowItsDifficultyWithNoSearch() throws Exception {
        precache(4, 4, 16);
        Root root = root(1);
        assertEquals(Precache.State.STARTED, precache.precache(root, EASY, ALICE));
        awaitFound(1);
        assertEquals(Precache.State.READY, precache.precache(root, EASY, MALLORY));
        assertEquals(Precache.State.READY, precache.precache(root, new Difficulty(1L << 63), ALICE), "a lower one");
        assertEquals(Optional.empty(), precache.ready(root, UNREACHABLE), "a higher difficulty searches as usual");
        SearchResult.Found found = precache.ready(root, EASY).orElseThrow();
        assertTrue(EASY.isReachedBy(WorkValue.value(root, found.work())));
        assertEquals(WorkValue.value(root, found.work()), found.value());
        assertEquals(0, found.attempts(), "answered from the store, no search");
        assertEquals(Optional.empty(), precache.ready(root, EASY), "a root's work is used once");
    }

    @Test
    void searchesAreBoundedInAllAndPerClient() {
        precache(2, 1, 16);
        assertEquals(Precache.State.STARTED, precache.precache(root(1), UNREACHABLE, ALICE));
        assertEquals(Precache.State.SEARCHING, precache.precache(root(1), UNREACHABLE, ALICE), "the same root");
        // Planted: no per-client bound (refuseIfFull without its second check): Alice's second precache was taken.
        PrecacheRefusal mine = assertThrows(PrecacheRefusal.class, () -> precache.precache(root(2), EASY, ALICE));
        assertEquals(
                "this client already has 1 precaches searching or waiting; your work_generate will search as usual",
                mine.getMessage());
        assertEquals(Precache.State.STARTED, precache.precache(root(2), UNREACHABLE, MALLORY));
        PrecacheRefusal all =
                assertThrows(PrecacheRefusal.class, () -> precache.precache(root(3), EASY, Caller.at("192.0.2.99")));
        assertTrue(all.getMessage().startsWith("2 precaches already search or wait on this server;"), all.getMessage());
        assertEquals(2, precache.searches());
    }

    @Test
    void pastTheHeldBoundTheOldestWorkGoes() throws Exception {
        precache(8, 8, 2);
        for (int i = 1; i <= 3; i++) {
            precache.precache(root(i), EASY, ALICE);
            awaitFound(Math.min(i, 2));
        }
        // Planted: no bound on the works held (HeldWorks.put without its loop): three held.
        assertEquals(2, precache.held());
        assertEquals(Optional.empty(), precache.ready(root(1), EASY), "the oldest went");
        assertTrue(precache.ready(root(3), EASY).isPresent());
    }

    @Test
    void aWorkOlderThanItsTimeToLiveIsNeverAnswered() throws Exception {
        precache(4, 4, 16);
        precache.precache(root(1), EASY, ALICE);
        awaitFound(1);
        clock.now = clock.now.plus(TTL).minusSeconds(1);
        assertEquals(Precache.State.READY, precache.precache(root(1), EASY, ALICE), "a second before its end");
        clock.now = clock.now.plusSeconds(1);
        // Planted: an age never checked (HeldWorks.expired always false): READY, and answered.
        assertEquals(Optional.empty(), precache.ready(root(1), EASY));
        assertEquals(0, precache.held(), "dropped when it was looked at");
        assertEquals(Precache.State.STARTED, precache.precache(root(1), EASY, ALICE), "searched afresh");
    }

    @Test
    void aHigherDifficultyForARootStillWaitingRaisesItsSearch() throws Exception {
        precache(8, 8, 16);
        // Held back by an interactive search, the precaches wait, and are raised before they run.
        CancelSignal interactive = new CancelSignal();
        var busy = dev.nanowork.support.OwnThread.supply(
                () -> search.search(root(99), UNREACHABLE, 0, Queues.in(5000), interactive));
        // Until it runs, a precache could take the threads and find EASY before it is raised (CI saw STARTED).
        awaitThat("the interactive search runs", () -> kernel.begun(root(99)) > 0);
        for (int i = 1; i <= 3; i++) precache.precache(root(i), EASY, ALICE);
        for (int i = 1; i <= 3; i++) assertEquals(Precache.State.SEARCHING, precache.precache(root(i), HARDER, ALICE));
        interactive.cancel();
        busy.get(5, java.util.concurrent.TimeUnit.SECONDS);
        awaitFound(3);
        // Planted: a raise that is not kept (the difficulty left as first asked): each work reaches EASY only, and
        // HARDER (16 times rarer) in 1 of 16 roots, so all three in 1 of 4,096 runs.
        for (int i = 1; i <= 3; i++) assertTrue(precache.ready(root(i), HARDER).isPresent(), "root " + i);
    }

    @Test
    void aPrecacheNotFoundWithinItsTimeToLiveAndOneThatFailedAreDropped() throws Exception {
        precache = new LocalPrecache(search, new PrecacheSettings(4, 4, 16, Duration.ofMillis(200)), clock);
        precache.precache(root(1), UNREACHABLE, ALICE);
        awaitThat("the precache aged out", () -> precache.searches() == 0);
        assertEquals(0, precache.held());
        precache.close();
        try (WorkSearch broken = new WorkSearch(new RecordingKernel.Failing(), 1);
                LogCapture warnings = LogCapture.atLeast(Level.WARNING)) {
            precache = new LocalPrecache(broken, new PrecacheSettings(4, 4, 16, TTL), clock);
            precache.precache(root(2), EASY, ALICE);
            awaitThat("the failed precache is dropped", () -> precache.searches() == 0);
            assertEquals(0, precache.held());
            assertTrue(
                    warnings.allText().contains("precache search failed"),
                    warnings.lines().toString());
        }
    }

    @Test
    void theSettingsRefuseWhatCannotWork() {
        assertThrows(IllegalArgumentException.class, () -> new PrecacheSettings(-1, 1, 1, TTL));
        assertThrows(IllegalArgumentException.class, () -> new PrecacheSettings(1, 0, 1, TTL));
        assertThrows(IllegalArgumentException.class, () -> new PrecacheSettings(1, 1, 0, TTL));
        assertThrows(IllegalArgumentException.class, () -> new PrecacheSettings(1, 1, 1, Duration.ZERO));
        assertEquals(false, new PrecacheSettings(0, 1, 1, TTL).on());
    }
}
