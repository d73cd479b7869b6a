package dev.nanowork.access;

import static dev.nanowork.access.Hands.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A key store that fails or never answers never stalls a request: with nothing held a request waits at most the
 * bound; with keys held it is answered from them at once while one read runs in the background; failures back off
 * exponentially to a cap and reset on success; the last keys read stay usable for the grace after their read, never
 * longer.
 */
class StoredKeysOutageTest {
    static final Duration CACHE = StoredKeysTest.CACHE;
    static final Duration GRACE = StoredKeysTest.GRACE;
    static final Duration WAIT = Duration.ofMillis(200);
    static final String W = StoredKeysTest.W;
    static final String KEY = StoredKeysTest.OLD;
    static final Executor VIRTUAL = read -> Thread.ofVirtual().start(read);

    final MapStore store = new MapStore();
    final Hands hands = new Hands();

    @AfterEach
    void release() {
        store.answer();
    }

    StoredKeys stored(Clock clock, Executor reads, double jitter) {
        return new StoredKeys(
                List.of(W),
                store,
                CACHE,
                GRACE,
                clock,
                WAIT,
                new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30), () -> jitter),
                reads);
    }

    static AccessKeys keys(StoredKeys stored) {
        return new AccessKeys(new KeySource.Stored(W), KeySource.NONE, KeySource.NONE, stored);
    }

    @Test
    void withNothingHeldAndTheStoreSilentARequestWaitsAtMostTheBound() {
        store.put(W, KEY, T0);
        AccessKeys keys = keys(stored(Clock.systemUTC(), VIRTUAL, 0.5));
        store.silent();
        for (int i = 0; i < 3; i++) {
            long start = System.nanoTime();
            KeyUnavailableException e = assertThrows(KeyUnavailableException.class, keys::current);
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms >= WAIT.toMillis() - 5 && ms < WAIT.toMillis() + 300, "waited " + ms + " ms");
            assertTrue(e.getMessage().contains("not read within 200 ms"), e.getMessage());
        }
        assertEquals(1, store.reads(), "one read under way, never a second beside it");
        store.answer();
        long until = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < until && !held(keys)) Thread.onSpinWait();
        assertTrue(StoredKeysTest.accepts(keys, KEY), "the read that went on serves the next request");
    }

    static boolean held(AccessKeys keys) {
        try {
            return keys.current() != null;
        } catch (KeyUnavailableException e) {
            return false;
        }
    }

    @Test
    void withKeysHeldAndTheStoreSilentRequestsAreAnsweredAtOnceWhileOneReadRuns() {
        store.put(W, KEY, T0);
        AccessKeys keys = keys(stored(hands, VIRTUAL, 0.5));
        assertTrue(StoredKeysTest.accepts(keys, KEY));
        store.silent();
        hands.pass(CACHE);
        assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
            for (int i = 0; i < 20; i++) assertTrue(StoredKeysTest.accepts(keys, KEY), "from the keys held");
        });
        long until = System.nanoTime() + 2_000_000_000L;
        while (store.reads() < 2 && System.nanoTime() < until) Thread.onSpinWait();
        assertEquals(2, store.reads(), "one read in the background, not one per request");
        long start = System.nanoTime();
        assertFalse(StoredKeysTest.accepts(keys, StoredKeysTest.NEW), "a key the stale hold refuses");
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < WAIT.toMillis() + 300, "waits for the read under way at most the bound: " + ms + " ms");
    }

    @Test
    void failuresBackOffExponentiallyToTheCapAndASuccessResetsIt() {
        AccessKeys keys = keys(stored(hands, Runnable::run, 0.999));
        store.failing = new KeyUnavailableException("SSM parameters [" + W + "]: ThrottlingException");
        long[] steps = {1, 2, 4, 8, 16, 30, 30};
        assertThrows(KeyUnavailableException.class, keys::current);
        int reads = 1;
        for (long step : steps) {
            hands.pass(Duration.ofSeconds(step).minusMillis(100));
            assertThrows(KeyUnavailableException.class, keys::current, "refused at once, not read");
            assertEquals(reads, store.reads(), "no read before the backoff of " + step + " s ends");
            hands.pass(Duration.ofMillis(100));
            assertThrows(KeyUnavailableException.class, keys::current);
            assertEquals(++reads, store.reads(), "read again after " + step + " s");
        }
        store.failing = null;
        store.put(W, KEY, T0);
        hands.pass(Duration.ofSeconds(30));
        assertTrue(StoredKeysTest.accepts(keys, KEY));
        keys.forget();
        store.failing = new KeyUnavailableException("SSM parameters [" + W + "]: ThrottlingException");
        assertThrows(KeyUnavailableException.class, keys::current);
        hands.pass(Duration.ofSeconds(1));
        assertThrows(KeyUnavailableException.class, keys::current);
        assertEquals(reads + 3, store.reads(), "after a success the backoff starts again from 1 s");
    }

    @Test
    void theJitterKeepsEachWaitBetweenHalfItsStepAndItsStep() {
        assertEquals(
                Duration.ofMillis(500), new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30), () -> 0).after(1));
        assertEquals(
                Duration.ofSeconds(15), new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30), () -> 0).after(40));
        Backoff random = Backoff.DEFAULT;
        for (int failures = 1; failures < 8; failures++) {
            long step = Math.min(1000L << (failures - 1), 30_000);
            long ms = random.after(failures).toMillis();
            assertTrue(ms >= step / 2 && ms <= step, failures + " failures: " + ms + " ms of " + step);
        }
    }

    @Test
    void aFailedReReadKeepsTheLastKeysForAtMostTheGraceAfterTheirRead() {
        store.put(W, KEY, T0.minus(Duration.ofDays(1)));
        AccessKeys keys = keys(stored(hands, Runnable::run, 0.5));
        assertTrue(StoredKeysTest.accepts(keys, KEY));
        store.failing = new KeyUnavailableException("SSM parameters [" + W + "]: ThrottlingException");
        hands.pass(CACHE);
        assertTrue(StoredKeysTest.accepts(keys, KEY), "an SSM outage after a read locks no wallet out");
        hands.pass(GRACE.minus(CACHE).minusSeconds(1));
        assertTrue(StoredKeysTest.accepts(keys, KEY));
        hands.pass(Duration.ofSeconds(1));
        assertThrows(KeyUnavailableException.class, keys::current, "never beyond the grace after the last read");
    }

    @Test
    void aPrefetchStartsTheFirstReadWithoutWaitingForIt() {
        store.put(W, KEY, T0);
        store.silent();
        AccessKeys keys = keys(stored(hands, VIRTUAL, 0.5));
        assertTimeoutPreemptively(Duration.ofMillis(100), keys::prefetch);
        store.answer();
        assertTrue(StoredKeysTest.accepts(keys, KEY));
        assertEquals(1, store.reads(), "the request found the prefetched read");
    }
}
