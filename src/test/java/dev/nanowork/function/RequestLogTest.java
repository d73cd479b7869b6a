package dev.nanowork.function;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.access.KeyId;
import dev.nanowork.support.EmfSpec;
import dev.nanowork.support.Samples;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each request's record (issue 42): one JSON line on stdout when it ends, however it ends, with its action, outcome
 * and why, what its search did, the key's id (never the key), and its metrics in valid EMF.
 */
@QuarkusTest
class RequestLogTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String KEY = "wallet-k3y-for-the-record-log-0001";

    @Test
    void eachRequestWritesOneRecordOfWhatItCameTo() throws Exception {
        List<JsonNode> records = captured(() -> {
            given().contentType(ContentType.JSON)
                    .header("Authorization", "Bearer " + KEY)
                    .body(Samples.request("work_generate"))
                    .post("/")
                    .then()
                    .statusCode(200);
            given().contentType(ContentType.JSON)
                    .body("{\"hash\":\"not a root\"}")
                    .post("/work_generate")
                    .then()
                    .statusCode(200);
            given().contentType(ContentType.JSON)
                    .body("[1")
                    .post("/work_validate")
                    .then()
                    .statusCode(200);
            given().get("/").then().statusCode(200);
        });
        assertEquals(4, records.size(), records.toString());
        JsonNode found = records.get(0);
        assertEquals("work_generate", found.path("Action").asText(), found.toString());
        assertEquals("found", found.path("outcome").asText(), found.toString());
        assertTrue(found.path("attempts").asLong() > 0, found.toString());
        assertTrue(found.path("Attempts").asLong() > 0, found.toString());
        assertEquals(1, found.path("Found").asInt(), found.toString());
        assertTrue(found.path("difficulty_reached").asText().matches("[0-9a-f]{16}"), found.toString());
        assertTrue(found.path("difficulty_asked").asText().matches("[0-9a-f]{16}"), found.toString());
        assertEquals(KeyId.of(Optional.of(KEY)), found.path("key_id").asText());
        assertTrue(found.path("wall_ms").asDouble() > 0, found.toString());
        assertEquals("self-hosted", found.path("function").asText());
        assertTrue(found.path("request_id").asText().matches("[0-9a-f]+"), found.toString());
        JsonNode refused = records.get(1);
        assertEquals("refused", refused.path("outcome").asText(), refused.toString());
        assertEquals("Invalid block hash", refused.path("why").asText(), refused.toString());
        assertEquals(1, refused.path("Refused").asInt(), refused.toString());
        assertEquals(
                "Unable to parse JSON",
                records.get(2).path("why").asText(),
                records.get(2).toString());
        assertEquals(
                "Can only POST requests",
                records.get(3).path("why").asText(),
                records.get(3).toString());
    }

    /** The record lines {@code requests} write on stdout, each checked against the EMF specification. */
    static List<JsonNode> captured(Runnable requests) throws Exception {
        PrintStream before = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            requests.run();
            Thread.sleep(200); // the last end handler runs after the answer went out
        } finally {
            System.setOut(before);
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertFalse(text.contains(KEY), "the key on stdout: " + text);
        List<JsonNode> records = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.startsWith("{") || !line.contains("\"request_id\"")) continue;
            assertEquals(List.of(), EmfSpec.violations(line), line);
            records.add(JSON.readTree(line));
        }
        return records;
    }
}
