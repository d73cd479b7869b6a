package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.config.PrecacheConfig;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.search.Caller;
import dev.nanowork.search.Precache;
import dev.nanowork.search.PrecacheRefusal;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which precache a process answers with: its own where it keeps running, the shared record's on Lambda, none when turned off. */
class PrecacheStartupTest {
    static final Root ROOT = Root.of(new byte[32]);

    /** The fan-out's precache as a Lambda execution gets it: always already searching, to tell it from the others. */
    static final Precache SHARED = (root, difficulty, caller) -> Precache.State.SEARCHING;

    final WorkSearch search = new WorkSearch(new ScalarKernel(), 1);

    @AfterEach
    void close() {
        search.close();
    }

    static PrecacheConfig config(int maxSearches) {
        return new PrecacheConfig() {
            @Override
            public int maxSearches() {
                return maxSearches;
            }

            @Override
            public int searchesPerClient() {
                return 8;
            }

            @Override
            public int maxHeld() {
                return 16;
            }

            @Override
            public Duration ttl() {
                return Duration.ofDays(7);
            }
        };
    }

    static String refusal(Precache precache) {
        return assertThrows(PrecacheRefusal.class, () -> precache.precache(ROOT, Difficulty.BASE, Caller.LOCAL))
                .getMessage();
    }

    @Test
    void aProcessThatKeepsRunningPrecachesItself() {
        PrecacheStartup started = PrecacheStartup.start(config(64), search, false, true, SHARED);
        assertTrue(started.local().isPresent());
        try {
            assertEquals(Precache.State.STARTED, started.precache().precache(ROOT, Difficulty.BASE, Caller.LOCAL));
        } finally {
            started.local().get().close();
        }
    }

    /** A Lambda execution is frozen once it answers: the fan-out's record-backed precache answers there instead. */
    @Test
    void aLambdaExecutionAnswersWithTheSharedRecord() {
        PrecacheStartup started = PrecacheStartup.start(config(64), search, true, true, SHARED);
        assertTrue(started.local().isEmpty(), "no local search on Lambda");
        assertEquals(Precache.State.SEARCHING, started.precache().precache(ROOT, Difficulty.BASE, Caller.LOCAL));
        assertEquals(
                "no record here",
                refusal(PrecacheStartup.start(config(64), search, true, true, Precache.none("no record here"))
                        .precache()));
    }

    @Test
    void offWhenTurnedOffOrWhereNothingIsSearched() {
        assertEquals(
                PrecacheStartup.OFF,
                refusal(PrecacheStartup.start(config(0), search, false, true, SHARED)
                        .precache()));
        assertEquals(
                PrecacheStartup.NO_SEARCH,
                refusal(PrecacheStartup.start(config(64), search, true, false, SHARED)
                        .precache()));
    }
}
