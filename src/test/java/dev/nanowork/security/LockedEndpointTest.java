package dev.nanowork.security;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.fuzz.Answers;
import dev.nanowork.fuzz.FuzzInputs;
import dev.nanowork.support.LogCapture;
import dev.nanowork.support.OwnThread;
import dev.nanowork.support.Settings;
import dev.nanowork.support.SettingsProfile;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The whole application with a key and a CORS origin configured, and a tiny difficulty range (so that
 * fuzzed generate requests finish in milliseconds, and benchmarks too): over the Lambda event path in the default build, over
 * real HTTP in the self-hosted one. One class, so Quarkus starts once for this profile.
 */
@QuarkusTest
@TestProfile(LockedEndpointTest.Locked.class)
class LockedEndpointTest {
    static final String KEY = "k3y-for-tests-5b1e-0123456789abcdefghij";
    /** The operator's: the fuzzed bodies below reach benchmark and status' details, which the wallet key does not. */
    static final String OPERATOR_KEY = "operator-k3y-77c0-0123456789abcdefghij";

    static final String ORIGIN = "https://wallet.example";
    static final String H = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    static final String VALIDATE =
            "{\"action\":\"work_validate\",\"hash\":\"" + H + "\",\"work\":\"2bf29ef00786a6bc\"}";
    static final int HTTP_FUZZ = 300;
    static LogCapture logs;

    public static class Locked extends SettingsProfile {
        public Locked() {
            super(Settings.NONE
                    .with("nano-work.auth.key", KEY)
                    .with("nano-work.auth.operator-key", OPERATOR_KEY)
                    .with("nano-work.cors-origins", ORIGIN + ",https://other.example")
                    .with("nano-work.min-difficulty", "0000000000000000")
                    .with("nano-work.max-difficulty", "fff0000000000000")
                    .with("nano-work.benchmark.duration", "10ms")
                    .with("nano-work.benchmark.max-duration", "20ms")
                    // concurrentInvocationsGetTheirOwnValidWork is one client with 8 searches at once (self-hosted,
                    // every request comes from 127.0.0.1); the per-client bound is AdmissionTest's to prove.
                    .with("nano-work.searches-per-client", 8));
        }
    }

    @BeforeAll
    static void capture() {
        logs = LogCapture.atLeast(Level.ALL);
    }

    @AfterAll
    static void neverLogged() {
        logs.close();
        assertFalse(logs.allText().contains(KEY), "the key never reaches a log");
        assertFalse(logs.allText().contains(OPERATOR_KEY), "nor the operator key");
        assertTrue(
                logs.lines().stream().noneMatch(l -> l.startsWith("SEVERE") || l.startsWith("ERROR")),
                "no ERROR for clients' mistakes: "
                        + logs.lines().stream()
                                .filter(l -> l.startsWith("SEVERE") || l.startsWith("ERROR"))
                                .toList());
    }

    static Map<String, Object> post(String path, String authorization, String body) {
        var request = given().body(body);
        if (authorization != null) request.header("Authorization", authorization);
        Response r = request.when().post(path);
        assertEquals(200, r.statusCode(), r.asString());
        assertTrue(r.contentType().startsWith("application/json"), r.contentType());
        return r.jsonPath().getMap("$");
    }

    @Test
    void everyRouteWantsTheKey() {
        for (String path : new String[] {"/", "/work_validate"}) {
            Map<String, Object> missing = post(path, null, VALIDATE);
            assertEquals("Key required", missing.get("error"), path);
            assertEquals("Invalid key", post(path, "Bearer nope", VALIDATE).get("error"), path);
            assertEquals("1", post(path, "Bearer " + KEY, VALIDATE).get("valid_receive"), path);
        }
        assertEquals(
                "1",
                post("/", null, VALIDATE.replace("}", ",\"key\":\"" + KEY + "\"}"))
                        .get("valid_receive"),
                "nano-style key field");
        assertEquals("Key required", given().when().post("/status").jsonPath().getString("error"), "status too");
        assertEquals("0000000000000000", post("/status", "Bearer " + KEY, "").get("min_difficulty"));
    }

    @Test
    void corsAnswersOnlyTheConfiguredOrigins() {
        Response allowed = given().header("Origin", ORIGIN)
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "content-type,authorization")
                .when()
                .options("/");
        assertEquals(
                ORIGIN,
                allowed.header("Access-Control-Allow-Origin"),
                allowed.headers().toString());
        Response foreign = given().header("Origin", "https://evil.example")
                .header("Access-Control-Request-Method", "POST")
                .when()
                .options("/");
        assertNotEquals("https://evil.example", foreign.header("Access-Control-Allow-Origin"));
        assertNotEquals("*", foreign.header("Access-Control-Allow-Origin"));
        assertEquals(
                403, foreign.statusCode(), "Quarkus' CORS filter refuses the preflight of an origin not configured");
        Response bare = given().when().options("/");
        assertEquals(200, bare.statusCode());
        assertEquals(
                null, bare.header("Access-Control-Allow-Origin"), "a bare OPTIONS names no origin when restricted");
        // The mock event server may pass a comma-separated header on as several values: joined again here.
        assertEquals(
                List.of("Content-Type", "Authorization"),
                bare.headers().getValues("Access-Control-Allow-Headers").stream()
                        .flatMap(v -> java.util.Arrays.stream(v.split(",")))
                        .map(String::strip)
                        .toList(),
                bare.headers().toString());
        assertEquals(
                ORIGIN,
                given().header("Origin", ORIGIN).when().options("/").header("Access-Control-Allow-Origin"),
                "a bare OPTIONS from an allowed origin names it");
        assertTrue(
                allowed.header("Access-Control-Allow-Headers")
                        .toLowerCase(java.util.Locale.ROOT)
                        .contains("authorization"),
                "a browser wallet may send the key as a bearer: " + allowed.headers());

        // The answers themselves, on POST / and on a function route: the allowed origin named, no other.
        for (String path : new String[] {"/", "/work_validate"}) {
            Response answer = given().header("Origin", "https://other.example")
                    .header("Authorization", "Bearer " + KEY)
                    .body(VALIDATE)
                    .when()
                    .post(path);
            assertEquals("https://other.example", answer.header("Access-Control-Allow-Origin"), path);
            assertEquals("1", answer.jsonPath().getString("valid_receive"), path);
            Response refused = given().header("Origin", "https://evil.example")
                    .header("Authorization", "Bearer " + KEY)
                    .body(VALIDATE)
                    .when()
                    .post(path);
            assertEquals(null, refused.header("Access-Control-Allow-Origin"), path);
            assertEquals(403, refused.statusCode(), path + ": refused before any handler: " + refused.asString());
        }
    }

    @Test
    void aBodyOverTheLimitIsRefusedBeforeItIsRead() {
        String big = "{\"action\":\"work_validate\",\"block\":\"" + "b".repeat(70_000) + "\"}";
        for (String path : new String[] {"/", "/work_validate"}) {
            Map<String, Object> a = post(path, "Bearer " + KEY, big);
            assertEquals("Request too large", a.get("error"), path + ": " + a);
        }
        assertEquals(
                "Request too large",
                post("/", "Bearer " + KEY, "{\"a\":" + "[".repeat(40) + "]".repeat(40) + "}")
                        .get("error"));
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedOnEveryRoute() {
        byte[] body = "{\"hash\":\"\u00e9\"}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1); // a lone 0xE9
        for (String path : new String[] {"/", "/work_validate"}) {
            Response r = given().header("Authorization", "Bearer " + KEY)
                    .body(body)
                    .when()
                    .post(path);
            String error = r.jsonPath().getString("error");
            assertTrue(
                    error.equals("Unable to parse JSON")
                            || error.equals("Unknown command")
                            || error.equals("Invalid block hash"),
                    path + ": " + r.asString()); // POST / reads it leniently (U+FFFD), a function route refuses it
        }
    }

    @Test
    void fuzzedBodiesOverTheRealPathAreAnsweredAsDocumented() {
        java.util.Random random = new java.util.Random();
        List<String> inputs = java.util.stream.Stream.generate(() -> FuzzInputs.any(random))
                .limit(HTTP_FUZZ)
                .toList();
        String[] paths = {"/", "/", "/work_generate", "/work_validate", "/work_cancel", "/status", "/benchmark", "/rpc"
        };
        int n = 0;
        for (String body : inputs) {
            String path = paths[n++ % paths.length];
            Map<String, Object> a = post(path, "Bearer " + OPERATOR_KEY, body);
            @SuppressWarnings("unchecked")
            Map<String, ?> answer = (Map<String, ?>) (Map<?, ?>) a;
            Answers.check(body, answer);
        }
        assertEquals(HTTP_FUZZ, n, "inputs sent over HTTP");
    }

    @Test
    void concurrentInvocationsGetTheirOwnValidWork() throws Exception {
        List<CompletableFuture<Map<String, Object>>> calls = new ArrayList<>();
        List<String> roots = new ArrayList<>();
        java.util.SplittableRandom random = new java.util.SplittableRandom(11);
        for (int i = 0; i < 8; i++) {
            byte[] b = new byte[32];
            random.nextBytes(b);
            String root = Root.of(b).toString();
            roots.add(root);
            String body =
                    "{\"action\":\"work_generate\",\"hash\":\"" + root + "\",\"difficulty\":\"fff0000000000000\"}";
            calls.add(OwnThread.supply(() -> post("/", "Bearer " + KEY, body)));
        }
        for (int i = 0; i < 8; i++) {
            Map<String, Object> a = calls.get(i).get(60, TimeUnit.SECONDS);
            assertEquals(roots.get(i), a.get("hash"), a.toString());
            long value = WorkValue.value(Root.parse(roots.get(i)), Work.parse((String) a.get("work")));
            assertTrue(Long.compareUnsigned(value, 0xfff0000000000000L) >= 0, "valid for its own root: " + a);
        }
    }
}
