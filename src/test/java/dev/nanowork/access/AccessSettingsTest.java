package dev.nanowork.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** A key given directly, or a parameter read later, or neither; and the two keys never the same. */
class AccessSettingsTest {
    static final Function<String, KeySource> NOT_READ = name -> {
        throw new AssertionError("not read");
    };

    @Test
    void aKeyOrAParameterOrNeither() {
        // Fail closed (issue 13): a blank parameter name no longer means "open"; it stops start-up.
        assertThrows(
                IllegalArgumentException.class,
                () -> AccessSettings.resolve(Optional.empty(), Optional.of(" "), NOT_READ));
        assertSame(KeySource.NONE, AccessSettings.resolve(Optional.empty(), Optional.empty(), NOT_READ));
        assertTrue(AccessSettings.resolve(Optional.of("k"), Optional.empty(), NOT_READ)
                .configured());
        assertThrows(
                IllegalArgumentException.class,
                () -> AccessSettings.resolve(Optional.of("k"), Optional.of("/p"), NOT_READ));
        // A parameter is handed over by its stripped name, to be read when a request needs it (not here).
        KeySource stored = KeySource.fixed(SharedSecret.of("x"));
        assertSame(stored, AccessSettings.resolve(Optional.empty(), Optional.of(" /nano-work/auth-key "), name -> {
            assertEquals("/nano-work/auth-key", name);
            return stored;
        }));
    }

    @Test
    void theSameKeyTwiceIsRefusedAtStartUpWhenGivenAndPerRequestWhenRead() {
        SharedSecret same = SharedSecret.of("same");
        assertThrows(
                IllegalArgumentException.class, () -> new AccessKeys(KeySource.fixed(same), KeySource.fixed(same)));
        MapStore store = new MapStore();
        store.put("/w", "same");
        store.put("/o", "same");
        AccessKeys read = new AccessKeys(store.key("/w"), store.key("/o"));
        KeyUnavailableException refused = assertThrows(KeyUnavailableException.class, read::current);
        assertTrue(refused.getMessage().contains("must differ"), refused.getMessage());
        assertFalse(refused.getMessage().contains("same\""), refused.getMessage());
    }
}
