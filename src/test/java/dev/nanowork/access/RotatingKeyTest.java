package dev.nanowork.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A key kept in SSM: read when first needed, cached, re-read; during a rotation the old version accepted until the
 * grace after the new one was written; a failed read never opens the endpoint.
 */
class RotatingKeyTest {
    static final Duration CACHE = Duration.ofMinutes(5);
    static final Duration GRACE = Duration.ofMinutes(30);
    static final Instant T0 = Instant.parse("2026-12-04T12:00:00Z");

    /** A clock the test moves. */
    static final class Hands extends Clock {
        Instant now = T0;

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        void pass(Duration d) {
            now = now.plus(d);
        }
    }

    final MapStore store = new MapStore();
    final Hands clock = new Hands();
    final RotatingKey key = new RotatingKey("/nano-work/auth-key", store, CACHE, GRACE, clock);

    static boolean accepts(SharedSecret secret, String presented) {
        return secret.check(Optional.of("Bearer " + presented), Optional.empty()) == SharedSecret.Verdict.ALLOWED;
    }

    boolean accepts(String presented) {
        return accepts(key.secret(), presented);
    }

    @Test
    void readOnlyWhenNeededThenCachedThenReadAgain() {
        store.put("/nano-work/auth-key", "old", T0.minus(Duration.ofDays(30)));
        assertEquals(0, store.reads, "nothing is read before a request needs the key");
        assertTrue(accepts("old"));
        int reads = store.reads;
        clock.pass(CACHE.minusSeconds(1));
        assertTrue(accepts("old"));
        assertEquals(reads, store.reads, "cached within the cache time");
        clock.pass(Duration.ofSeconds(1));
        assertTrue(accepts("old"));
        assertTrue(store.reads > reads, "read again once the cache time passed");
    }

    @Test
    void aRotationReachesWithinTheCacheTimeAndTheOldKeyStopsAtTheGrace() {
        store.put("/nano-work/auth-key", "old", T0.minus(Duration.ofDays(30)));
        assertTrue(accepts("old"));
        store.put("/nano-work/auth-key", "new", clock.now); // rotated now
        assertFalse(accepts("new"), "still the cached read");
        clock.pass(CACHE);
        assertTrue(accepts("new"), "the new key within the cache time");
        assertTrue(accepts("old"), "the old key within the grace");
        clock.pass(GRACE.minus(CACHE).minusSeconds(1));
        assertTrue(accepts("old"), "the old key until the grace ends");
        clock.pass(Duration.ofSeconds(1));
        assertFalse(accepts("old"), "the old key refused once the grace after the new version passed");
        assertTrue(accepts("new"));
    }

    @Test
    void anExecutionThatFirstReadsLateSeesOnlyWhatTheGraceAllows() {
        store.put("/nano-work/auth-key", "old", T0.minus(Duration.ofDays(30)));
        store.put("/nano-work/auth-key", "new", T0.minus(GRACE).minusSeconds(1));
        assertTrue(accepts("new"));
        assertFalse(accepts("old"), "a version replaced longer than the grace ago is not read at all");
        assertEquals(1, store.reads);
    }

    @Test
    void aKeyThatCannotBeReadRefusesAndIsRetriedAtMostOnceASecond() {
        store.failing = new KeyUnavailableException("SSM parameter /nano-work/auth-key: AccessDeniedException");
        assertThrows(KeyUnavailableException.class, key::secret);
        assertThrows(KeyUnavailableException.class, key::secret);
        assertEquals(1, store.reads, "the second request within a second does not read again");
        clock.pass(RotatingKey.RETRY);
        store.failing = null;
        store.put("/nano-work/auth-key", "k", T0.minus(Duration.ofDays(1)));
        assertTrue(accepts("k"), "read again after a second");
    }

    @Test
    void aFailedReReadKeepsTheLastKeysForAtMostTheGrace() {
        store.put("/nano-work/auth-key", "k", T0.minus(Duration.ofDays(1)));
        assertTrue(accepts("k"));
        store.failing = new KeyUnavailableException("SSM parameter /nano-work/auth-key: ThrottlingException");
        clock.pass(CACHE);
        assertTrue(accepts("k"), "an SSM outage after a read locks no wallet out");
        clock.pass(GRACE.minus(CACHE).minusSeconds(1));
        assertTrue(accepts("k"));
        clock.pass(Duration.ofSeconds(1));
        assertThrows(KeyUnavailableException.class, key::secret, "never beyond the grace after the last read");
    }

    @Test
    void forgetDropsWhatWasRead() {
        store.put("/nano-work/auth-key", "k", T0.minus(Duration.ofDays(1)));
        assertTrue(accepts("k"));
        int reads = store.reads;
        key.forget();
        assertTrue(accepts("k"));
        assertEquals(reads + 1, store.reads, "read again after forget, within the cache time");
    }

    @Test
    void theGraceMustExceedTheCache() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> new RotatingKey("/p", store, CACHE, CACHE, Clock.systemUTC()));
        assertTrue(e.getMessage().contains("must exceed the key cache time"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> new RotatingKey("/p", store, Duration.ZERO, GRACE, Clock.systemUTC()));
    }
}
