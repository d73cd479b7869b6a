package dev.nanowork.access;

import static dev.nanowork.access.Hands.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The secrets kept in SSM, as a request meets them: read when first needed, in one call for every parameter, held,
 * read again in the background once the cache time passed; during a rotation the old version accepted until the grace
 * after the new one was written, and a key the held ones refuse waits for the read that may hold it. Reads run on the
 * caller's thread here (outside every lock), so each step is deterministic.
 */
class StoredKeysTest {
    static final Duration CACHE = Duration.ofMinutes(5);
    static final Duration GRACE = Duration.ofMinutes(30);
    static final String W = "/nano-work/auth-key";
    static final String O = "/nano-work/operator-key";
    static final String G = "/nano-work/origin-secret";
    static final String OLD = "old-wallet-key-0123456789abcdefghij";
    static final String NEW = "new-wallet-key-klmnopqrstuvwxyz0123";

    final MapStore store = new MapStore();
    final Hands clock = new Hands();

    StoredKeys stored(List<String> parameters) {
        return new StoredKeys(
                parameters,
                store,
                CACHE,
                GRACE,
                clock,
                Duration.ofMillis(200),
                new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30), () -> 0.5),
                Runnable::run);
    }

    final AccessKeys keys = new AccessKeys(new KeySource.Stored(W), KeySource.NONE, KeySource.NONE, stored(List.of(W)));

    /** As the Gate lets a key in: the keys held, and a fresher read when none of them takes it. */
    static boolean accepts(AccessKeys keys, String presented) {
        Credentials now = keys.current();
        if (!takes(now, presented)) now = keys.fresher(now);
        return takes(now, presented);
    }

    static boolean takes(Credentials now, String presented) {
        return now.wallet().check(Optional.of("Bearer " + presented), Optional.empty()) == SharedSecret.Verdict.ALLOWED;
    }

    boolean accepts(String presented) {
        return accepts(keys, presented);
    }

    @Test
    void readOnlyWhenNeededThenHeldThenReadAgainInTheBackground() {
        store.put(W, OLD, T0.minus(Duration.ofDays(30)));
        assertEquals(0, store.reads(), "nothing is read before a request needs the key");
        assertTrue(accepts(OLD));
        clock.pass(CACHE.minusSeconds(1));
        assertTrue(accepts(OLD));
        assertEquals(1, store.reads(), "held within the cache time");
        clock.pass(Duration.ofSeconds(1));
        assertTrue(accepts(OLD), "answered from the keys held");
        assertEquals(2, store.reads(), "and read again once the cache time passed");
    }

    @Test
    void aRotationReachesWithinTheCacheTimeAndTheOldKeyStopsAtTheGrace() {
        store.put(W, OLD, T0.minus(Duration.ofDays(30)));
        assertTrue(accepts(OLD));
        store.put(W, NEW, clock.now); // rotated now
        assertFalse(accepts(NEW), "still the read held: no read within the cache time, whatever a request presents");
        assertEquals(1, store.reads());
        clock.pass(CACHE);
        assertTrue(accepts(NEW), "the new key within the cache time: a key the stale hold refuses waits for a read");
        assertTrue(accepts(OLD), "the old key within the grace");
        clock.pass(GRACE.minus(CACHE).minusSeconds(1));
        assertTrue(accepts(OLD), "the old key until the grace ends");
        clock.pass(Duration.ofSeconds(1));
        assertFalse(accepts(OLD), "the old key refused once the grace after the new version passed");
        assertTrue(accepts(NEW));
    }

    @Test
    void oneCallReadsEveryParameterASecondOnlyWhileAGraceNeedsPreviousVersions() {
        store.put(W, OLD, T0.minus(Duration.ofDays(30)));
        store.put(W, NEW, T0.minus(Duration.ofMinutes(1)));
        store.put(O, "operator-key-0123456789abcdefghijklm", T0.minus(Duration.ofDays(30)));
        store.put(O, "operator-key-nopqrstuvwxyz0123456789", T0.minus(GRACE).minusSeconds(1));
        store.put(G, "origin-secret-0123456789abcdefghijk", T0.minus(Duration.ofDays(30)));
        StoredKeys three = stored(List.of(W, O, G));
        AccessKeys all =
                new AccessKeys(new KeySource.Stored(W), new KeySource.Stored(O), new KeySource.Stored(G), three);
        assertTrue(accepts(all, OLD), "the wallets' previous key, within its grace");
        assertEquals(List.of(List.of(W, O, G), List.of(W + ":1")), store.reads, "the operator's grace is over");
        clock.pass(Duration.ofMinutes(29));
        assertFalse(accepts(all, OLD), "the read is due when the previous version stops: it is dropped at once");
        assertEquals(List.of(W, O, G), store.reads.get(2), "and then one call again");
        assertEquals(3, store.reads());
    }

    @Test
    void anExecutionThatFirstReadsLateSeesOnlyWhatTheGraceAllows() {
        store.put(W, OLD, T0.minus(Duration.ofDays(30)));
        store.put(W, NEW, T0.minus(GRACE).minusSeconds(1));
        assertTrue(accepts(NEW));
        assertFalse(accepts(OLD), "a version replaced longer than the grace ago is not read at all");
        assertEquals(1, store.reads());
    }

    @Test
    void aParameterTheStoreLacksRefusesNamingItNeverAValue() {
        store.put(W, OLD, T0);
        AccessKeys two =
                new AccessKeys(new KeySource.Stored(W), new KeySource.Stored(O), KeySource.NONE, stored(List.of(W, O)));
        KeyUnavailableException e = assertThrows(KeyUnavailableException.class, two::current);
        assertTrue(e.getMessage().contains(O) && e.getMessage().contains("InvalidParameters"), e.getMessage());
        assertFalse(e.getMessage().contains(OLD), e.getMessage());
    }

    @Test
    void aWeakKeyInTheStoreRefusesEveryoneAndAWeakPreviousVersionIsNotAccepted() {
        store.put(W, "sesame", T0.minus(Duration.ofDays(30)));
        KeyUnavailableException e = assertThrows(KeyUnavailableException.class, keys::current);
        assertTrue(e.getMessage().contains("weak key (6 characters)"), e.getMessage());
        assertFalse(e.getMessage().contains("sesame"), e.getMessage());
        store.put(W, NEW, T0);
        clock.pass(Duration.ofMinutes(1)); // past the backoff
        assertTrue(accepts(NEW), "the weak key replaced");
        assertFalse(accepts("sesame"), "its weak predecessor is not accepted during the grace");
    }

    @Test
    void forgetDropsWhatWasRead() {
        store.put(W, OLD, T0.minus(Duration.ofDays(1)));
        assertTrue(accepts(OLD));
        keys.forget();
        assertTrue(accepts(OLD));
        assertEquals(2, store.reads(), "read again after forget, within the cache time");
    }

    @Test
    void theGraceMustExceedTheCacheAndOneCallTakesTenParameters() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new StoredKeys(List.of("/p"), store, CACHE, CACHE, Clock.systemUTC()));
        assertTrue(e.getMessage().contains("must exceed the key cache time"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> new StoredKeys(List.of("/p"), store, Duration.ZERO, GRACE, Clock.systemUTC()));
        assertThrows(
                IllegalArgumentException.class,
                () -> new StoredKeys(List.of(), store, CACHE, GRACE, Clock.systemUTC()));
        List<String> eleven =
                java.util.stream.IntStream.range(0, 11).mapToObj(i -> "/p" + i).toList();
        assertThrows(
                IllegalArgumentException.class, () -> new StoredKeys(eleven, store, CACHE, GRACE, Clock.systemUTC()));
    }
}
