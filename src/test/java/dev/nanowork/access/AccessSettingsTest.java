package dev.nanowork.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A secret given directly, or a parameter read later, or neither; a weak one refused where it is read; and the wallets'
 * key, the operator's and the origin secret never the same.
 */
class AccessSettingsTest {
    static final String STRONG = "k-0123456789abcdef0123456789abcd";

    @Test
    void aKeyOrAParameterOrNeither() {
        // Fail closed (issue 13): a blank parameter name no longer means "open"; it stops start-up.
        assertThrows(
                IllegalArgumentException.class,
                () -> AccessSettings.resolve(AccessSettings.KEY, Optional.empty(), Optional.of(" ")));
        assertSame(KeySource.NONE, AccessSettings.resolve(AccessSettings.KEY, Optional.empty(), Optional.empty()));
        assertTrue(AccessSettings.resolve(AccessSettings.KEY, Optional.of(STRONG), Optional.empty())
                .configured());
        assertThrows(
                IllegalArgumentException.class,
                () -> AccessSettings.resolve(AccessSettings.KEY, Optional.of(STRONG), Optional.of("/p")));
        // A parameter is handed over by its stripped name, to be read when a request needs it (not here).
        assertEquals(
                new KeySource.Stored("/nano-work/auth-key"),
                AccessSettings.resolve(
                        AccessSettings.ORIGIN_SECRET, Optional.empty(), Optional.of(" /nano-work/auth-key ")));
    }

    @Test
    void aWeakKeyStopsStartUpNamingTheRuleNeverTheKey() {
        for (String weak :
                List.of("sesame", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "1212121212121212121212121212121212")) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> AccessSettings.resolve(AccessSettings.OPERATOR_KEY, Optional.of(weak), Optional.empty()));
            assertTrue(e.getMessage().startsWith(AccessSettings.OPERATOR_KEY + " is too weak"), e.getMessage());
            assertTrue(e.getMessage().contains(KeyStrength.RULE), e.getMessage());
            assertFalse(e.getMessage().contains(weak), e.getMessage());
        }
        // 31 characters: one short; a passphrase of 32 varied characters passes; so does the stack's 64 hex.
        assertEquals(Optional.of("31 characters"), KeyStrength.weakness(STRONG.substring(1)));
        assertEquals(Optional.empty(), KeyStrength.weakness("correct horse battery staple 42!"));
        assertEquals(
                Optional.empty(),
                KeyStrength.weakness("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"));
        assertEquals(Optional.of("only 9 distinct characters"), KeyStrength.weakness("123456789".repeat(4)));
        assertEquals(Optional.empty(), KeyStrength.weakness("1234567890".repeat(4)));
    }

    @Test
    void theSameSecretTwiceIsRefusedAtStartUpWhenGivenAndPerRequestWhenRead() {
        SharedSecret same = SharedSecret.of(STRONG);
        assertThrows(
                IllegalArgumentException.class, () -> new AccessKeys(KeySource.fixed(same), KeySource.fixed(same)));
        IllegalArgumentException origin = assertThrows(
                IllegalArgumentException.class,
                () -> new AccessKeys(KeySource.fixed(same), KeySource.NONE, KeySource.fixed(same), null));
        assertTrue(origin.getMessage().contains("pose as the edge"), origin.getMessage());
        MapStore store = new MapStore();
        store.put("/w", STRONG, Instant.EPOCH);
        store.put("/o", STRONG, Instant.EPOCH);
        StoredKeys stored =
                new StoredKeys(List.of("/w", "/o"), store, Duration.ofMinutes(5), Duration.ofMinutes(30), new Hands());
        AccessKeys read =
                new AccessKeys(new KeySource.Stored("/w"), new KeySource.Stored("/o"), KeySource.NONE, stored);
        KeyUnavailableException refused = assertThrows(KeyUnavailableException.class, read::current);
        assertTrue(refused.getMessage().contains("must differ"), refused.getMessage());
        assertFalse(refused.getMessage().contains(STRONG), refused.getMessage());
    }
}
