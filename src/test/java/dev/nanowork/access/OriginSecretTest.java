package dev.nanowork.access;

import static dev.nanowork.access.Hands.T0;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The edge's origin secret as the functions check it: the header matches or the request is not believed; decided at
 * once while the secret is held (the event loop never waits), after the first read otherwise; a rotated secret the
 * held read refuses waits for the read that may hold it.
 */
class OriginSecretTest {
    static final String G = StoredKeysTest.G;
    static final String SECRET = "origin-secret-0123456789abcdefghijk";
    static final String ROTATED = "origin-secret-lmnopqrstuvwxyz012345";

    final MapStore store = new MapStore();
    final Hands clock = new Hands();
    final StoredKeys stored = new StoredKeys(
            List.of(G),
            store,
            StoredKeysTest.CACHE,
            StoredKeysTest.GRACE,
            clock,
            Duration.ofMillis(200),
            Backoff.DEFAULT,
            read -> Thread.ofVirtual().start(read));
    final AccessKeys keys = new AccessKeys(KeySource.NONE, KeySource.NONE, new KeySource.Stored(G), stored);

    @AfterEach
    void release() {
        store.answer();
    }

    static boolean vouches(AccessKeys keys, String header) throws Exception {
        return keys.vouches(Optional.ofNullable(header)).get(2, TimeUnit.SECONDS);
    }

    @Test
    void givenInTheConfigurationTheHeaderMatchesOrIsNotBelieved() throws Exception {
        AccessKeys fixed =
                new AccessKeys(KeySource.NONE, KeySource.NONE, KeySource.fixed(SharedSecret.of(SECRET)), null);
        assertTrue(fixed.originConfigured());
        assertTrue(vouches(fixed, SECRET));
        assertTrue(vouches(fixed, " " + SECRET + " "), "trimmed as every secret is compared");
        assertFalse(vouches(fixed, ROTATED));
        assertFalse(vouches(fixed, ""));
        assertFalse(vouches(fixed, null));
        assertFalse(AccessKeys.NONE.originConfigured());
    }

    @Test
    void heldItIsDecidedAtOnceWithNothingHeldAfterTheRead() throws Exception {
        store.put(G, SECRET, T0.minus(Duration.ofDays(1)));
        assertTrue(vouches(keys, SECRET), "the first request waits for the read");
        store.silent();
        CompletableFuture<Boolean> held = keys.vouches(Optional.of(SECRET));
        assertTrue(held.isDone() && held.get(), "held: decided on the spot, no read");
        CompletableFuture<Boolean> wrong = keys.vouches(Optional.of(ROTATED));
        assertTrue(wrong.isDone() && !wrong.get(), "a fresh read is not read again for a wrong header");
    }

    @Test
    void withNothingHeldAndTheStoreSilentItFailsAfterTheBoundWithoutBlockingTheCaller() {
        store.put(G, SECRET, T0);
        store.silent();
        long start = System.nanoTime();
        CompletableFuture<Boolean> vouched = keys.vouches(Optional.of(SECRET));
        assertTrue((System.nanoTime() - start) / 1_000_000 < 100, "the caller (an event loop) never waits");
        assertFalse(vouched.isDone());
        ExecutionException e = assertThrows(ExecutionException.class, () -> vouched.get(2, TimeUnit.SECONDS));
        assertInstanceOf(KeyUnavailableException.class, e.getCause());
    }

    @Test
    void aRotatedSecretIsBelievedOnceTheStaleHoldIsReadAgain() throws Exception {
        store.put(G, SECRET, T0.minus(Duration.ofDays(1)));
        assertTrue(vouches(keys, SECRET));
        store.put(G, ROTATED, clock.now);
        assertFalse(vouches(keys, ROTATED), "within the cache time the held read decides");
        clock.pass(StoredKeysTest.CACHE);
        assertTrue(vouches(keys, ROTATED), "past it, the read under way is waited for");
        assertTrue(vouches(keys, SECRET), "and the previous secret is believed through the grace");
    }
}
