package dev.nanowork.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.access.SharedSecret;
import dev.nanowork.access.SharedSecret.Verdict;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.LogCapture;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The optional shared secret: where it is accepted, what a missing or wrong one gets, and that it is never logged. */
class SharedSecretTest {
    static final String SECRET = "correct-horse-battery-staple-7f3a";
    static final String H = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    static final String VALIDATE = "{\"action\":\"work_validate\",\"hash\":\"" + H + "\",\"work\":\"2bf29ef00786a6bc\"";

    final WorkQueue queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 1), 1);
    final WorkRpc rpc = Wiring.rpc(
            queue,
            new WorkRpc.Settings(
                    Action.served("both"),
                    Difficulty.RECEIVE,
                    Difficulty.SEND,
                    Duration.ofSeconds(1),
                    Duration.ofSeconds(2),
                    "test",
                    false),
            SharedSecret.of(SECRET));

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    @Test
    void acceptsTheKeyAsABearerTokenOrAKeyFieldAndNothingElse() {
        SharedSecret s = SharedSecret.of(SECRET);
        assertEquals(Verdict.ALLOWED, s.check(Optional.of("Bearer " + SECRET), Optional.empty()));
        assertEquals(
                Verdict.ALLOWED,
                s.check(Optional.of("bearer " + SECRET), Optional.empty()),
                "the scheme is case-insensitive (RFC 7235)");
        assertEquals(Verdict.ALLOWED, s.check(Optional.empty(), Optional.of(SECRET)));
        assertEquals(
                Verdict.MALFORMED,
                s.check(Optional.of("Basic abc"), Optional.of(SECRET)),
                "another scheme is refused, as at the edge (authorization-cases.json), not guessed past");
        assertEquals(Verdict.MISSING, s.check(Optional.empty(), Optional.empty()));
        assertEquals(Verdict.MALFORMED, s.check(Optional.of("Bearer "), Optional.empty()));
        SharedSecret spaced = SharedSecret.of("a key with spaces");
        assertEquals(
                Verdict.MALFORMED,
                spaced.check(Optional.of("Bearer a key with spaces"), Optional.empty()),
                "a bearer token is one token");
        assertEquals(Verdict.ALLOWED, spaced.check(Optional.empty(), Optional.of("a key with spaces")));
        assertEquals(
                Verdict.WRONG,
                s.check(Optional.of("Bearer " + SECRET + "x"), Optional.of(SECRET)),
                "a bearer token wins over the field");
        assertEquals(Verdict.WRONG, s.check(Optional.empty(), Optional.of(SECRET.substring(1))));
        assertEquals(
                Verdict.WRONG,
                s.check(Optional.empty(), Optional.of("x".repeat(10_000))),
                "any length is compared without error");
        assertEquals(
                Verdict.ALLOWED,
                SharedSecret.NONE.check(Optional.empty(), Optional.empty()),
                "no secret configured: open");
        assertFalse(s.toString().contains(SECRET));
        assertThrows(IllegalArgumentException.class, () -> SharedSecret.of(" "));
    }

    @Test
    void aMissingOrWrongKeyGetsAClearErrorAndNothingRuns() {
        Map<String, String> missing = MapRpc.of(rpc).handle(VALIDATE + "}", 0);
        assertEquals(RpcError.KEY_MISSING, missing.get("error"));
        assertTrue(missing.get("hint").contains("Authorization: Bearer"), missing.toString());
        assertEquals(
                RpcError.KEY_WRONG,
                MapRpc.of(rpc).handle(VALIDATE + ",\"key\":\"guess\"}", 0).get("error"));
        assertEquals(
                RpcError.KEY_WRONG,
                MapRpc.of(rpc).handle(VALIDATE + ",\"key\":{\"a\":1}}", 0).get("error"),
                "a key that is not a string");
        assertEquals(
                RpcError.KEY_WRONG,
                MapRpc.of(rpc)
                        .handle(VALIDATE + "}", Optional.of("Bearer guess"), 0)
                        .get("error"));
        assertEquals(
                RpcError.KEY_MISSING,
                MapRpc.of(rpc)
                        .handle(Action.STATUS, dev.nanowork.fuzz.Json.object("{}"), 0)
                        .get("error"),
                "function routes too");
        assertEquals(
                "1",
                MapRpc.of(rpc)
                        .handle(VALIDATE + ",\"key\":\"" + SECRET + "\"}", 0)
                        .get("valid_receive"));
        assertEquals(
                "1",
                MapRpc.of(rpc)
                        .handle(VALIDATE + "}", Optional.of("Bearer " + SECRET), 0)
                        .get("valid_receive"));
        Map<String, String> status = MapRpc.of(rpc)
                .handle(Action.STATUS, dev.nanowork.fuzz.Json.object("{}"), Optional.of("Bearer " + SECRET), 0);
        assertEquals(Difficulty.RECEIVE.toString(), status.get("min_difficulty"), status.toString());
        assertEquals(null, status.get("version"), "no operator key configured: the details are no one's");
    }

    @Test
    void theKeyIsNeverLogged() {
        try (LogCapture all = LogCapture.atLeast(Level.ALL)) {
            MapRpc.of(rpc).handle(VALIDATE + ",\"key\":\"" + SECRET + "\"}", 0);
            MapRpc.of(rpc).handle(VALIDATE + ",\"key\":\"" + SECRET + "!\"}", 0);
            MapRpc.of(rpc).handle("{\"key\":\"" + SECRET + "\"", 0); // invalid JSON quoting the key
            MapRpc.of(rpc).handle(VALIDATE + "}", Optional.of("Bearer " + SECRET + "?"), 0);
            assertFalse(all.allText().contains(SECRET), all.allText());
        }
        Map<String, String> a = MapRpc.of(rpc)
                .handle("{\"action\":\"work_validate\",\"hash\":\"" + SECRET + "\",\"key\":\"" + SECRET + "\"}", 0);
        assertEquals(
                RpcError.INVALID_BLOCK_HASH,
                a.get("error"),
                "a hint may quote the caller's own field, after the key was checked");
    }
}
