package dev.nanowork.samples;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.rpc.Action;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every recorded API Gateway payload 2.0 event in samples/events, posted raw to the mock event server's
 * {@code /_lambda_}: each action has an event on the RPC entry ({@code ACTION-root}) and on its own route
 * ({@code ACTION-route}), and every answer matches samples/openapi.yaml for the event's path and method.
 */
@QuarkusTest
class ApiGatewayEventsTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path EVENTS = Path.of("samples", "events");
    /** The events that record a refusal on purpose. */
    static final Set<String> REFUSED = Set.of("get-root", "malformed-root");
    /** Where every answer is recorded for dev.nanowork.lambda.LambdaRuntimeIT (integration-test phase). */
    static final Path RECORDED = Path.of("target", "mock-event-answers");

    static boolean lambdaBuild() {
        try {
            Class.forName("io.quarkus.amazon.lambda.http.LambdaHttpHandler");
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    static List<Path> events() throws Exception {
        try (Stream<Path> files = Files.list(EVENTS)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void everyActionHasAnEventOnTheEntryAndOnItsRoute() throws Exception {
        Set<String> names = Set.copyOf(events().stream()
                .map(f -> f.getFileName().toString().replace(".json", ""))
                .toList());
        for (Action action : Action.values()) {
            assertTrue(names.contains(action.wireName() + "-root"), action.wireName() + "-root.json");
            assertTrue(names.contains(action.wireName() + "-route"), action.wireName() + "-route.json");
        }
    }

    @Test
    void everyEventAnswersAsDocumented() throws Exception {
        Assumptions.assumeTrue(lambdaBuild(), "the self-hosted build (-DselfHosted) has no Lambda event path");
        OpenApiDocument doc = OpenApiDocument.read();
        int checked = 0;
        for (Path file : events()) {
            String name = file.getFileName().toString().replace(".json", "");
            JsonNode event = JSON.readTree(file.toFile());
            assertEquals("2.0", event.get("version").asText(), name + ": payload format");
            String path = event.get("rawPath").asText();
            String method = event.at("/requestContext/http/method").asText().toLowerCase(Locale.ROOT);
            String raw = given().contentType(ContentType.JSON)
                    .body(Files.readString(file))
                    .when()
                    .post("/_lambda_")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString();
            JsonNode response = JSON.readTree(raw);
            // The answer as the mock event server gave it, for LambdaRuntimeIT to compare the real runtime client's
            // with.
            Files.createDirectories(RECORDED);
            Files.writeString(RECORDED.resolve(name + ".json"), raw);
            assertEquals(200, response.get("statusCode").asInt(), name + ": " + raw);
            String body = response.path("body").asText("");
            if (response.path("isBase64Encoded").asBoolean(false))
                body = new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8);
            JsonNode schema = doc.answerSchema(path, method);
            if (method.equals("options")) {
                assertTrue(body.isEmpty(), name + ": OPTIONS answers headers only");
            } else {
                assertFalse(
                        schema.isMissingNode(), name + ": " + method + " " + path + " is not in samples/openapi.yaml");
                JsonNode answer = JSON.readTree(body);
                assertEquals(List.of(), doc.problems(schema, answer), name + " -> " + answer);
                assertEquals(REFUSED.contains(name), answer.has("error"), name + " -> " + answer);
            }
            checked++;
        }
        assertEquals(events().size(), checked);
        assertTrue(checked >= 14, "events checked: " + checked);
    }
}
