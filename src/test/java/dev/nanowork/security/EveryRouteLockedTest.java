package dev.nanowork.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.access.AccessKeys;
import dev.nanowork.access.AccessSettings;
import dev.nanowork.access.Credentials;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.access.SharedSecret.Verdict;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.RequestContext;
import dev.nanowork.rpc.RpcRequest;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.Caller;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.ScalarBackedKernel;
import dev.nanowork.support.Wiring;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 13: every route ({@code POST /} naming each action or an unknown one, and each function route) x
 * {no key, wrong bearer, wrong {@code key} field, right bearer with a non-string {@code key}} is refused with
 * {@code Key required} or {@code Invalid key}, and no search starts (the kernel is never called). Then the
 * fail-closed settings: blank key settings refuse to start, keys are trimmed, benchmark as an operator action.
 */
class EveryRouteLockedTest {
    static final String KEY = "route-key-41c9";
    static final String H = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    static final long FAR = Long.MAX_VALUE / 4;

    final AtomicLong searched = new AtomicLong();
    final WorkQueue queue = Wiring.queue(new WorkSearch(ScalarBackedKernel.counting(searched), 1), 4);

    WorkRpc rpc(SharedSecret access, boolean benchmarkRequiresKey) {
        return rpc(new Credentials(access, SharedSecret.NONE), benchmarkRequiresKey);
    }

    WorkRpc rpc(Credentials keys, boolean benchmarkRequiresKey) {
        return Wiring.rpc(queue, Wiring.gateSettings(benchmarkRequiresKey), AccessKeys.of(keys));
    }

    /** A request of the process itself, with {@code authorization}, that has all the time it needs. */
    static RequestContext far(Optional<String> authorization) {
        return new RequestContext(Caller.LOCAL, authorization, System.nanoTime() + FAR);
    }

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    /** A body for {@code action} that would run (and, for generate and benchmark, search) if let in. */
    static String body(String action, String keyField) {
        return "{\"action\":\"" + action + "\",\"hash\":\"" + H + "\",\"work\":\"2bf29ef00786a6bc\""
                + ",\"difficulty\":\"0000000000000001\",\"duration\":\"0.01\"" + keyField + "}";
    }

    @Test
    void everyRouteRefusesEveryBadCredentialAndSearchesNothing() {
        WorkRpc rpc = rpc(SharedSecret.of(KEY), true);
        Map<String, String[]> cases = new LinkedHashMap<>();
        cases.put("no key", new String[] {null, "", "Key required"});
        cases.put("wrong bearer", new String[] {"Bearer nope", "", "Invalid key"});
        cases.put("wrong key field", new String[] {null, ",\"key\":\"nope\"", "Invalid key"});
        cases.put("right bearer, numeric key", new String[] {"Bearer " + KEY, ",\"key\":41", "Invalid key"});
        cases.put("right bearer, object key", new String[] {"Bearer " + KEY, ",\"key\":{\"k\":1}", "Invalid key"});
        cases.put(
                "right bearer, array key", new String[] {"Bearer " + KEY, ",\"key\":[\"" + KEY + "\"]", "Invalid key"});
        cases.put("right bearer, boolean key", new String[] {"Bearer " + KEY, ",\"key\":true", "Invalid key"});
        int refused = 0;
        for (var c : cases.entrySet()) {
            Optional<String> auth = Optional.ofNullable(c.getValue()[0]);
            String field = c.getValue()[1];
            String expected = c.getValue()[2];
            for (String action : new String[] {
                "work_generate",
                "work_validate",
                "work_cancel",
                "work_precache",
                "status",
                "benchmark",
                "no_such_action"
            }) {
                Map<String, String> a = MapRpc.fields(rpc.handle(body(action, field), far(auth)));
                assertEquals(expected, a.get("error"), "POST / " + action + ", " + c.getKey() + ": " + a);
                refused++;
            }
            for (Action action : Action.values()) {
                Map<String, String> a =
                        MapRpc.fields(rpc.handle(action, RpcRequest.parse(body("x", field)), far(auth)));
                assertEquals(expected, a.get("error"), "/" + action.wireName() + ", " + c.getKey() + ": " + a);
                refused++;
            }
        }
        assertEquals(cases.size() * (7 + Action.values().length), refused);
        assertEquals(0, searched.get(), "no search ran for a refused request");
        assertFalse(queue.searching());
        assertEquals(0, queue.waiting());

        // The controls: the same bodies with the right key do run, so the counter above can see a search.
        Map<String, String> generated =
                MapRpc.fields(rpc.handle(body("work_generate", ",\"key\":\"" + KEY + "\""), far(Optional.empty())));
        assertEquals(H, generated.get("hash"), generated.toString());
        assertEquals(
                "1",
                MapRpc.fields(rpc.handle(body("work_validate", ""), far(Optional.of("Bearer " + KEY))))
                        .get("valid_receive"));
        assertTrue(searched.get() > 0, "the right key starts a search");
    }

    @Test
    void benchmarkAsAnOperatorAction() {
        Map<String, String> open =
                MapRpc.fields(rpc(SharedSecret.NONE, true).handle(body("benchmark", ""), far(Optional.empty())));
        assertEquals("RPC control is disabled", open.get("error"), "requires-key and no key: refused to all");
        Map<String, String> route = MapRpc.fields(rpc(SharedSecret.NONE, true)
                .handle(Action.BENCHMARK, RpcRequest.empty(), far(Optional.of("Bearer x"))));
        assertEquals("RPC control is disabled", route.get("error"));
        assertEquals(0, searched.get(), "no benchmark ran");
        assertEquals(
                "1",
                MapRpc.fields(rpc(SharedSecret.NONE, true).handle(body("work_validate", ""), far(Optional.empty())))
                        .get("valid_receive"),
                "other actions stay open");
        Map<String, String> walletOnly = MapRpc.fields(rpc(SharedSecret.of(KEY), false)
                .handle(Action.BENCHMARK, RpcRequest.empty(), far(Optional.of("Bearer " + KEY))));
        assertEquals(
                "RPC control is disabled",
                walletOnly.get("error"),
                "a wallet key is no operator key; with none configured, no one is the operator");
        Credentials both = new Credentials(SharedSecret.of(KEY), SharedSecret.of(KEY + "-operator"));
        Map<String, String> wallet = MapRpc.fields(
                rpc(both, true).handle(Action.BENCHMARK, RpcRequest.empty(), far(Optional.of("Bearer " + KEY))));
        assertEquals("Key required", wallet.get("error"), "the wallet key is refused: " + wallet);
        assertEquals(0, searched.get(), "no benchmark ran");
        Map<String, String> keyed = MapRpc.fields(rpc(both, true)
                .handle(Action.BENCHMARK, RpcRequest.empty(), far(Optional.of("Bearer " + KEY + "-operator"))));
        assertFalse(keyed.containsKey("error"), keyed.toString());
        Map<String, String> notRequired = MapRpc.fields(
                rpc(SharedSecret.NONE, false).handle(Action.BENCHMARK, RpcRequest.empty(), far(Optional.empty())));
        assertFalse(notRequired.containsKey("error"), notRequired.toString());
    }

    @Test
    void blankKeySettingsStopStartUp() {
        for (String blank : new String[] {"", " ", "\t", "\n", " \r\n "}) {
            IllegalArgumentException key = assertThrows(
                    IllegalArgumentException.class,
                    () -> AccessSettings.resolve(AccessSettings.KEY, Optional.of(blank), Optional.empty()));
            assertTrue(key.getMessage().contains("nano-work.auth.key is set but blank"), key.getMessage());
            IllegalArgumentException parameter = assertThrows(
                    IllegalArgumentException.class,
                    () -> AccessSettings.resolve(AccessSettings.KEY, Optional.empty(), Optional.of(blank)));
            assertTrue(parameter.getMessage().contains("key-parameter is set but blank"), parameter.getMessage());
            for (String name : AccessSettings.SETTINGS) {
                AccessSettings.Found found = new AccessSettings.Found(blank, blank, "EnvConfigSource");
                IllegalArgumentException raw = assertThrows(
                        IllegalArgumentException.class,
                        () -> AccessSettings.refuseBlank(n -> Optional.of(found).filter(f -> n.equals(name))),
                        name);
                assertTrue(raw.getMessage().contains(name + " (from EnvConfigSource)"), raw.getMessage());
            }
        }
        // ${KEY:} with KEY unset: the source holds text, the value expands to nothing.
        assertThrows(
                IllegalArgumentException.class,
                () -> AccessSettings.refuseBlank(n -> Optional.of(new AccessSettings.Found("", "${KEY:}", "props"))));
        AccessSettings.refuseBlank(n -> Optional.of(new AccessSettings.Found("k", "${KEY:k}", "props")));
        AccessSettings.refuseBlank(n -> Optional.empty());
    }

    @Test
    void keysAreComparedTrimmedOnBothSides() {
        SharedSecret stored = SharedSecret.of(KEY + "\n"); // a parameter or file saved with a trailing newline
        assertEquals(Verdict.ALLOWED, stored.check(Optional.of("Bearer " + KEY), Optional.empty()));
        assertEquals(Verdict.ALLOWED, stored.check(Optional.empty(), Optional.of(" " + KEY + "\r\n")));
        assertEquals(Verdict.ALLOWED, SharedSecret.of(KEY).check(Optional.of("Bearer " + KEY + " "), Optional.empty()));
        assertEquals(Verdict.MISSING, stored.check(Optional.empty(), Optional.of("  ")));
        assertEquals(Verdict.WRONG, stored.check(Optional.empty(), Optional.of(KEY + "x")));
        assertEquals(
                Verdict.WRONG, stored.check(Optional.empty(), Optional.of(KEY.toUpperCase(java.util.Locale.ROOT))));
    }
}
