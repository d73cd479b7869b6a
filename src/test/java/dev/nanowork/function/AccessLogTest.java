package dev.nanowork.function;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.access.KeyId;
import dev.nanowork.support.LogCapture;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/**
 * The access log (issue 34): one INFO line per request with the client and the id of the key it presented, from the
 * header or the body, never the key itself and never the body.
 */
@QuarkusTest
class AccessLogTest {
    static final String KEY = "wallet-k3y-for-the-access-log-0001";
    static final String BODY_KEY = "body-k3y-for-the-access-log-0002";
    static final String VALIDATE = "{\"action\":\"work_validate\",\"hash\":"
            + "\"718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2\",\"work\":\"2bf29ef00786a6bc\"";

    @Test
    void eachRequestHasOneLineWithItsKeysIdNeverTheKey() throws Exception {
        try (LogCapture logs = LogCapture.atLeast(Level.INFO)) {
            given().contentType(ContentType.JSON)
                    .header("Authorization", "Bearer " + KEY)
                    .body(VALIDATE + "}")
                    .post("/work_validate")
                    .then()
                    .statusCode(200);
            given().contentType(ContentType.JSON)
                    .body(VALIDATE + ",\"key\":\"" + BODY_KEY + "\"}")
                    .post("/")
                    .then()
                    .statusCode(200);
            given().contentType(ContentType.JSON)
                    .body(VALIDATE + "}")
                    .post("/")
                    .then()
                    .statusCode(200);
            List<String> lines = awaitLines(logs, 3);
            assertTrue(
                    lines.get(0).contains(" key=" + KeyId.of(Optional.of(KEY)) + " POST /work_validate "),
                    lines.get(0));
            assertTrue(lines.get(1).contains(" key=" + KeyId.of(Optional.of(BODY_KEY)) + " POST / "), lines.get(1));
            assertTrue(lines.get(2).contains(" key=- POST / "), lines.get(2));
            for (String line : lines) assertTrue(line.matches("[^ ]+ key=([0-9a-f]{8}|-) POST /\\S* \\d+ ms"), line);
            String all = logs.allText();
            assertFalse(all.contains(KEY) || all.contains(BODY_KEY), "a key in the log: " + all);
            assertFalse(all.contains("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2"), "the body");
        }
    }

    /**
     * Without an origin secret no header names the client (issue 43): a caller of the API's own URL can write the
     * edge's x-viewer-address, or CloudFront's own header, as it likes. EdgeOriginTest: with the secret.
     */
    @Test
    void noHeaderNamesTheClientWithoutTheOriginSecret() throws Exception {
        try (LogCapture logs = LogCapture.atLeast(Level.INFO)) {
            given().contentType(ContentType.JSON)
                    .header(RequestOrigin.EDGE_VIEWER_ADDRESS, "198.51.100.66")
                    .header("CloudFront-Viewer-Address", "198.51.100.67:46532")
                    .body(VALIDATE + "}")
                    .post("/")
                    .then()
                    .statusCode(200);
            String line = awaitLines(logs, 1).get(0);
            assertFalse(line.startsWith("198.51.100.66 ") || line.startsWith("198.51.100.67 "), line);
        }
    }

    @Test
    void theKeysIdIsTheFirstEightHexDigitsOfItsSha256() {
        // printf %s 'wallet-k3y-for-the-access-log-0001' | sha256sum | cut -c1-8
        assertEquals(8, KeyId.of(Optional.of(KEY)).length());
        assertEquals("2cf24dba", KeyId.of(Optional.of("hello")));
        assertEquals("-", KeyId.of(Optional.empty()));
    }

    /** The access lines, in order, once {@code n} are written (a line is written as its request ends). */
    static List<String> awaitLines(LogCapture logs, int n) throws InterruptedException {
        List<String> lines = List.of();
        for (int i = 0; i < 100 && lines.size() < n; i++) {
            Thread.sleep(50);
            lines = logs.lines().stream()
                    .filter(l -> l.startsWith("INFO " + AccessLog.class.getName() + ": "))
                    .map(l -> l.substring(("INFO " + AccessLog.class.getName() + ": ").length()))
                    .toList();
        }
        assertEquals(n, lines.size(), "one line per request: " + lines);
        return lines;
    }
}
