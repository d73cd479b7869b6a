package dev.nanowork.function;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.support.Samples;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The API Gateway HTTP API payload 2.0 events of samples/events, posted raw to the mock event server's
 * {@code /_lambda_}: what Lambda receives in production, including a base64-encoded body.
 */
@QuarkusTest
class LambdaEventTest {
    /** The engine under test: answers name the kernel it selected at start-up (auto, or NANO_WORK_KERNEL). */
    @jakarta.inject.Inject
    WorkEngine engine;

    static final ObjectMapper JSON = new ObjectMapper();

    /** The API Gateway response for an event, its body decoded. */
    static JsonNode invoke(String event) throws Exception {
        String raw = given().contentType(ContentType.JSON)
                .body(Samples.event(event))
                .when()
                .post("/_lambda_")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        JsonNode response = JSON.readTree(raw);
        assertEquals(200, response.get("statusCode").asInt(), event + ": " + raw);
        String body = response.path("body").asText("");
        if (response.path("isBase64Encoded").asBoolean(false))
            body = new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8);
        return body.isEmpty() ? JSON.createObjectNode() : JSON.readTree(body);
    }

    static boolean lambdaBuild() {
        try {
            Class.forName("io.quarkus.amazon.lambda.http.LambdaHttpHandler");
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    static String header(String event, String name) throws Exception {
        String raw = given().contentType(ContentType.JSON)
                .body(Samples.event(event))
                .when()
                .post("/_lambda_")
                .then()
                .extract()
                .asString();
        JsonNode headers = JSON.readTree(raw).path("headers");
        for (var it = headers.properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (e.getKey().equalsIgnoreCase(name)) return e.getValue().asText();
        }
        return null;
    }

    @Test
    void everyRecordedEvent() throws Exception {
        Assumptions.assumeTrue(lambdaBuild(), "the self-hosted build (-DselfHosted) has no Lambda event path");
        assertEquals("1", invoke("work_validate-root").get("valid_receive").asText());
        assertEquals("1", invoke("work_validate-base64").get("valid").asText(), "a base64 body is decoded");
        assertEquals(
                "ffffffd21c3933f4",
                invoke("work_validate-route").get("difficulty").asText());
        JsonNode generated = invoke("work_generate-root");
        assertTrue(generated.get("work").asText().matches("[0-9a-f]{16}"), generated.toString());
        assertEquals(
                engine.kernel().name(), invoke("status-route").get("kernel").asText());
        assertEquals("Can only POST requests", invoke("get-root").get("error").asText());
        assertEquals(
                "Unable to parse JSON", invoke("malformed-root").get("error").asText());
        assertEquals(0, invoke("options-root").size(), "OPTIONS answers headers only");
        assertEquals("POST, OPTIONS", header("options-root", "Access-Control-Allow-Methods"));
        assertTrue(header("work_validate-root", "Content-Type").startsWith("application/json"));
    }
}
