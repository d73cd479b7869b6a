package dev.nanowork.function;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.support.Builds;
import dev.nanowork.support.LogCapture;
import dev.nanowork.support.OwnThread;
import dev.nanowork.support.Settings;
import dev.nanowork.support.SettingsProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The origin secret (issue 43): with one configured, a request without it is refused before anything runs, and a
 * request with it is from the viewer the edge names: the access log's client, the asker {@code work_cancel} matches, the
 * client the queue's per-client bounds count. Two viewers behind one connection (CloudFront's shared address) are two
 * clients; a header from anyone without the secret is never believed.
 */
@QuarkusTest
@TestProfile(EdgeOriginTest.Edge.class)
class EdgeOriginTest {
    static final String SECRET = "origin-secret-0123456789abcdefghijk";
    static final String WALLET_A = "203.0.113.7";
    static final String WALLET_B = "2001:db8:85a3::8a2e:370:7334";
    /** 2^40 attempts expected: only a cancel ends it within the test. */
    static final String NEVER = "ffffffffff000000";

    static final ObjectMapper JSON = new ObjectMapper();
    static final String VALIDATE = "{\"action\":\"work_validate\",\"hash\":"
            + "\"718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2\",\"work\":\"2bf29ef00786a6bc\"}";

    public static class Edge extends SettingsProfile {
        public Edge() {
            super(Settings.NONE
                    .with("nano-work.auth.origin-secret", SECRET)
                    .with("nano-work.max-difficulty", NEVER)
                    .with("nano-work.threads", "1")
                    .with("nano-work.searches-per-client", 1));
        }
    }

    static RequestSpecification from(String secret, String viewer) {
        RequestSpecification request = given().contentType(ContentType.JSON);
        if (secret != null) request = request.header(OriginGate.HEADER, secret);
        if (viewer != null) request = request.header(RequestOrigin.EDGE_VIEWER_ADDRESS, viewer);
        return request;
    }

    static JsonNode post(String secret, String viewer, String body) throws Exception {
        String answer = from(secret, viewer)
                .body(body)
                .post("/")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        return JSON.readTree(answer);
    }

    @Test
    void withoutTheSecretNothingRunsAndNoHeaderIsBelieved() throws Exception {
        try (LogCapture logs = LogCapture.atLeast(Level.INFO)) {
            for (String secret : new String[] {null, "", "origin-secret-0123456789abcdefghijK", SECRET + "x"}) {
                JsonNode refused = post(secret, "198.51.100.66", VALIDATE);
                assertEquals("Not through the edge", refused.path("error").asText(), refused.toString());
                assertEquals(OriginGate.HINT, refused.path("hint").asText());
            }
            // Every method, before the method check answers.
            assertTrue(given().get("/").asString().contains("Not through the edge"));
            List<String> lines = AccessLogTest.awaitLines(logs, 5);
            for (String line : lines) assertFalse(line.startsWith("198.51.100.66 "), "a forged viewer logged: " + line);
            assertFalse(logs.allText().contains(SECRET), "the secret never reaches a log");
        }
    }

    @Test
    void withTheSecretTheViewerTheEdgeNamesIsTheClient() throws Exception {
        try (LogCapture logs = LogCapture.atLeast(Level.INFO)) {
            assertEquals(
                    "1", post(SECRET, WALLET_A, VALIDATE).path("valid_receive").asText());
            assertEquals(
                    "1",
                    post(" " + SECRET + " ", WALLET_B, VALIDATE)
                            .path("valid_receive")
                            .asText());
            assertEquals(
                    "1",
                    post(SECRET, "not-an-address", VALIDATE)
                            .path("valid_receive")
                            .asText());
            List<String> lines = AccessLogTest.awaitLines(logs, 3);
            assertTrue(lines.get(0).startsWith(WALLET_A + " key=- POST / "), lines.get(0));
            assertTrue(lines.get(1).startsWith("2001:db8:85a3:0:0:8a2e:370:7334 key=- "), "canonical: " + lines.get(1));
            assertFalse(lines.get(2).startsWith("not-an-address"), "not an address: the connection's " + lines.get(2));
        }
    }

    /**
     * Self-hosted, where requests run side by side (the mock Lambda event server runs one invocation at a time, as an
     * execution environment does; FanOutFaultsIT runs this under the real runtime client, two executions, every
     * request from one sourceIp): every request comes from 127.0.0.1, as every request through the edge comes from
     * CloudFront's address.
     */
    @Test
    void twoViewersBehindOneConnectionAreTwoClients() throws Exception {
        Assumptions.assumeTrue(Builds.selfHosted(), "concurrent clients need the self-hosted build (-DselfHosted)");
        String hashA = "A".repeat(64);
        String hashB = "B".repeat(64);
        CompletableFuture<JsonNode> a = generate(WALLET_A, hashA);
        CompletableFuture<JsonNode> b = generate(WALLET_B, hashB);
        awaitSearches(2);
        assertFalse(a.isDone() || b.isDone(), "both search: each viewer its own client, one search each");
        // A second search of A's is past A's bound (1), whoever else searches.
        JsonNode second = post(SECRET, WALLET_A, generateBody("C".repeat(64)));
        assertEquals("Work queue full", second.path("error").asText(), second.toString());

        assertEquals(
                "", post(SECRET, WALLET_B, cancelBody(hashA)).path("success").asText("absent"));
        Thread.sleep(300);
        assertFalse(a.isDone(), "another viewer's cancel stopped nothing: " + a.getNow(null));
        assertEquals(
                "", post(SECRET, WALLET_A, cancelBody(hashA)).path("success").asText("absent"));
        assertEquals("Cancelled", a.get(5, TimeUnit.SECONDS).path("error").asText());
        assertFalse(b.isDone(), "and A's own cancel stopped only A's");
        post(SECRET, WALLET_B, cancelBody(hashB));
        assertEquals("Cancelled", b.get(5, TimeUnit.SECONDS).path("error").asText());
    }

    /**
     * Waits until the queue holds {@code n} searches (status: searching and queued), so that a later request meets
     * them whatever the machine's load: a fixed sleep let a loaded run send A's second request first.
     */
    static void awaitSearches(int n) throws Exception {
        long until = System.nanoTime() + 10_000_000_000L;
        while (true) {
            JsonNode status = post(SECRET, WALLET_A, "{\"action\":\"status\"}");
            int held = status.path("searching").asInt() + status.path("queued").asInt();
            if (held >= n) return;
            assertTrue(System.nanoTime() < until, "the queue never held " + n + " searches: " + status);
            Thread.sleep(20);
        }
    }

    static CompletableFuture<JsonNode> generate(String viewer, String hash) {
        return OwnThread.supply(() -> {
            try {
                return post(SECRET, viewer, generateBody(hash));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    static String generateBody(String hash) {
        return "{\"action\":\"work_generate\",\"hash\":\"" + hash + "\",\"difficulty\":\"" + NEVER + "\"}";
    }

    static String cancelBody(String hash) {
        return "{\"action\":\"work_cancel\",\"hash\":\"" + hash + "\"}";
    }
}
