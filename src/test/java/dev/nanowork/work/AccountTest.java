package dev.nanowork.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Addresses both ways against nanocurrency-js 2.5.0's {@code deriveAddress} (its own BLAKE2b and base32), for
 * keys chosen for their edges: all zero, all one, the top bit alone (first character 3), the genesis account.
 */
class AccountTest {
    /** public key, address: printed by nanocurrency-js {@code deriveAddress(key, {useNanoPrefix: true})}. */
    static final List<List<String>> VECTORS = List.of(
            List.of(
                    "E89208DD038FBB269987689621D52292AE9C35941A7484756ECCED92A65093BA",
                    "nano_3t6k35gi95xu6tergt6p69ck76ogmitsa8mnijtpxm9fkcm736xtoncuohr3"),
            List.of(
                    "0000000000000000000000000000000000000000000000000000000000000000",
                    "nano_1111111111111111111111111111111111111111111111111111hifc8npp"),
            List.of(
                    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
                    "nano_3zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzc3yoon41"),
            List.of(
                    "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2",
                    "nano_1weerab3rhm643eur93ezj4peu6sx4qb6duti3xqt3xp7keotyh4qj19isep"),
            List.of(
                    "8000000000000000000000000000000000000000000000000000000000000001",
                    "nano_3111111111111111111111111111111111111111111111111113trogbpj6"));

    @Test
    void encodesAndDecodesAsNanocurrencyJs() {
        for (List<String> v : VECTORS) {
            Root key = Root.parse(v.get(0));
            assertEquals(v.get(1), Account.of(key).toString());
            assertEquals(key, Account.parse(v.get(1)).key());
            assertEquals(key, Account.parse("xrb_" + v.get(1).substring(5)).key(), "xrb_ as nano_");
            assertEquals(key, Account.parse("nano-" + v.get(1).substring(5)).key(), "the deprecated nano-");
        }
        assertEquals(5, VECTORS.size());
    }

    @Test
    void refusesWhatNanoNodeRefuses() {
        String good = VECTORS.get(0).get(1);
        List<String> bad = List.of(
                "",
                "nano_",
                good.substring(0, 64), // one character short
                good + "1",
                "nano_4" + good.substring(6), // first character neither 1 nor 3
                good.substring(0, 64) + "4", // checksum off by one character
                good.substring(0, 10) + "l" + good.substring(11), // l is not in the alphabet
                good.toUpperCase(java.util.Locale.ROOT),
                "ban_" + good.substring(5),
                "xrb_" + good.substring(5) + "1");
        for (String b : bad) {
            var e = assertThrows(IllegalArgumentException.class, () -> Account.parse(b), b);
            assertTrue(!e.getMessage().isEmpty(), b);
        }
    }
}
