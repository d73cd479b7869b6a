package dev.nanowork.security;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.Builds;
import dev.nanowork.support.HardWorkProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 13, over HTTP (the Lambda event path in the default build, real HTTP in the self-hosted one): every
 * route, {@code /}, each function route and paths that are neither, x {no key, wrong bearer, wrong {@code key}
 * field, right bearer with a {@code key} that is not a string} is refused with {@code Key required} or
 * {@code Invalid key}, and no search starts. The bodies ask for work no search finds within the deadline and a
 * 3 s benchmark, so a search started behind a refusal would still be running at the next {@code status}
 * (which the control below shows it sees), and one run before the refusal would have answered something else.
 * (EveryRouteLockedTest does the same at the RPC layer; blank key settings stopping start-up are proven there,
 * in {@code blankKeySettingsStopStartUp}, on AccessSettings, which WorkEngine calls at start-up.)
 */
@QuarkusTest
@TestProfile(HardWorkProfile.class)
class EveryHttpRouteLockedTest {
    static final String KEY = HardWorkProfile.KEY;

    /** The paths that dispatch on the body's action: {@code /} and any other path that names no function. */
    static final List<String> DISPATCH_PATHS = List.of("/", "/rpc", "/x/y", "/work_generate/extra");

    static final List<String> FUNCTION_ROUTES =
            List.of("/work_generate", "/work_validate", "/work_cancel", "/work_precache", "/status", "/benchmark");
    static final List<String> ACTIONS = List.of(
            "work_generate", "work_validate", "work_cancel", "work_precache", "status", "benchmark", "no_such_action");

    static String body(String action, String keyField) {
        return HardWorkProfile.body(action, keyField);
    }

    static Map<String, Object> post(String path, String authorization, String body) {
        var request = given().body(body);
        if (authorization != null) request.header("Authorization", authorization);
        Response r = request.when().post(path);
        assertEquals(200, r.statusCode(), path + ": " + r.asString());
        return r.jsonPath().getMap("$");
    }

    static Map<String, Object> status() {
        return post("/status", "Bearer " + HardWorkProfile.OPERATOR_KEY, "");
    }

    /** No search is running or waiting now. */
    static void idle(String after) {
        Map<String, Object> s = status();
        assertEquals("0", s.get("searching"), "a search is running after " + after + ": " + s);
        assertEquals("0", s.get("queued"), "a search is waiting after " + after + ": " + s);
    }

    @Test
    void everyRouteRefusesEveryBadCredentialAndStartsNoSearch() {
        Map<String, String[]> cases = new LinkedHashMap<>();
        cases.put("no key", new String[] {null, "", "Key required"});
        cases.put("null key field, no bearer", new String[] {null, ",\"key\":null", "Key required"});
        cases.put("wrong bearer", new String[] {"Bearer nope", "", "Invalid key"});
        cases.put("wrong key field", new String[] {null, ",\"key\":\"nope\"", "Invalid key"});
        cases.put("right bearer, numeric key", new String[] {"Bearer " + KEY, ",\"key\":41", "Invalid key"});
        cases.put(
                "right bearer, object key",
                new String[] {"Bearer " + KEY, ",\"key\":{\"k\":\"" + KEY + "\"}", "Invalid key"});
        cases.put(
                "right bearer, array key", new String[] {"Bearer " + KEY, ",\"key\":[\"" + KEY + "\"]", "Invalid key"});
        cases.put("right bearer, boolean key", new String[] {"Bearer " + KEY, ",\"key\":true", "Invalid key"});

        long servedBefore = Long.parseLong((String) status().get("requests_served"));
        int sent = 0;
        for (var c : cases.entrySet()) {
            String auth = c.getValue()[0];
            String field = c.getValue()[1];
            String expected = c.getValue()[2];
            for (String path : DISPATCH_PATHS) {
                for (String action : ACTIONS) {
                    String what = "POST " + path + " " + action + ", " + c.getKey();
                    Map<String, Object> a = post(path, auth, body(action, field));
                    assertEquals(expected, a.get("error"), what + ": " + a);
                    idle(what);
                    sent += 2;
                }
            }
            for (String path : FUNCTION_ROUTES) {
                String what = "POST " + path + ", " + c.getKey();
                Map<String, Object> a = post(path, auth, body("work_generate", field));
                assertEquals(expected, a.get("error"), what + ": " + a);
                idle(what);
                sent += 2;
            }
        }
        assertEquals(cases.size() * 2 * (DISPATCH_PATHS.size() * ACTIONS.size() + FUNCTION_ROUTES.size()), sent);
        long served = Long.parseLong((String) status().get("requests_served"));
        assertEquals(servedBefore + 1 + sent, served, "every request reached the RPC's gate and was counted there");
    }

    /**
     * The control: with the right key the same body does search, for the whole deadline, and (self-hosted, where
     * requests run side by side) {@code status} sees it running. The Lambda runtime serves one invocation at a
     * time, so there a search started behind a refusal would show at the next request, as above.
     */
    @Test
    void theRightKeyStartsASearchThatStatusSees() throws Exception {
        // RestAssured's Groovy initialises itself on the common pool: a first request made there while this thread
        // makes one too can deadlock. So this thread goes first, and the search's request gets its own thread.
        idle("nothing yet");
        ExecutorService client = Executors.newSingleThreadExecutor();
        long began = System.nanoTime();
        CompletableFuture<Map<String, Object>> generate =
                CompletableFuture.supplyAsync(() -> post("/work_generate", "Bearer " + KEY, body("x", "")), client);
        client.shutdown();
        if (Builds.selfHosted()) {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (!"1".equals(status().get("searching"))) {
                assertTrue(System.nanoTime() < until, "the keyed search never showed as running in 2 s");
                Thread.sleep(10);
            }
        }
        Map<String, Object> answer = generate.get(30, TimeUnit.SECONDS);
        long took = System.nanoTime() - began;
        assertEquals("Work generation deadline reached", answer.get("error"), answer.toString());
        assertTrue(
                took >= HardWorkProfile.DEADLINE.toNanos() * 9 / 10,
                "searched for the deadline: " + took / 1_000_000 + " ms");
        idle("the keyed search's deadline");
    }
}
