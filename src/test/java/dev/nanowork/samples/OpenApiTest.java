package dev.nanowork.samples;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.function.WorkFunctions;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.support.Settings;
import dev.nanowork.support.SettingsProfile;
import io.quarkus.funqy.Funq;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * samples/openapi.yaml against the application: every route it serves is documented and every documented
 * path exists; every request example is posted to its path and the answer must match the documented
 * answer schema (exactly one oneOf option, no undocumented field, every value a string); the documented
 * error strings are the endpoint's.
 */
@QuarkusTest
@TestProfile(OpenApiTest.OpenCors.class)
class OpenApiTest {
    /**
     * CORS open to every origin, as the Lambda build's default: the document describes the CORS headers, which the
     * self-hosted build sends only to the origins it is given (none by default).
     */
    public static class OpenCors extends SettingsProfile {
        public OpenCors() {
            super(Settings.NONE.with("nano-work.cors-origins", "*"));
        }
    }

    static final ObjectMapper JSON = new ObjectMapper();
    final OpenApiDocument doc = OpenApiDocument.read();

    /** nano_node's string for an unforeseen failure (WorkRpc.INTERNAL, package-private there). */
    static final String INTERNAL = "Internal server error in RPC";

    static Set<String> servedPaths() {
        Set<String> paths = new TreeSet<>(Set.of("/"));
        Arrays.stream(WorkFunctions.class.getMethods())
                .filter(m -> m.isAnnotationPresent(Funq.class))
                .forEach(m -> paths.add("/" + m.getAnnotation(Funq.class).value()));
        return paths;
    }

    @Test
    void documentsEveryRouteTheApplicationServesAndNoOther() {
        Set<String> documented = new TreeSet<>();
        doc.paths().fieldNames().forEachRemaining(documented::add);
        assertEquals(servedPaths(), documented);
        Set<String> actionRoutes = Arrays.stream(Action.values())
                .map(a -> "/" + a.wireName())
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> documentedRoutes =
                documented.stream().filter(p -> !p.equals("/")).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(actionRoutes, documentedRoutes, "one route per action");
    }

    @Test
    void documentsEveryActionOfTheRpcEntry() {
        Set<String> actions = new TreeSet<>();
        for (JsonNode option : doc.paths().at("/~1/post/requestBody/content/application~1json/schema/oneOf")) {
            JsonNode schema = doc.resolve(option);
            List<JsonNode> parts = new ArrayList<>();
            schema.path("allOf").forEach(parts::add);
            parts.add(schema);
            for (JsonNode part : parts) part.at("/properties/action/enum").forEach(a -> actions.add(a.asText()));
        }
        assertEquals(
                Arrays.stream(Action.values()).map(Action::wireName).collect(Collectors.toCollection(TreeSet::new)),
                actions);
    }

    @Test
    void documentsEveryErrorString() throws Exception {
        Set<String> errors = new TreeSet<>(Set.of(INTERNAL));
        for (Field f : RpcError.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) errors.add((String) f.get(null));
        }
        Set<String> documented = new TreeSet<>();
        doc.root.at("/components/schemas/Error/properties/error/enum").forEach(e -> documented.add(e.asText()));
        assertEquals(errors, documented);
    }

    @Test
    void everyExampleAnswersAsDocumented() throws Exception {
        int checked = 0;
        for (Map.Entry<String, JsonNode> path : doc.paths().properties()) {
            JsonNode post = path.getValue().path("post");
            JsonNode content = post.path("requestBody").path("content").path("application/json");
            JsonNode schema = doc.answerSchema(path.getKey(), "post");
            assertFalse(schema.isMissingNode(), path.getKey() + " documents no answer");
            if (content.isMissingNode()) {
                // No body (status): an operator's plain POST.
                JsonNode answer = JSON.readTree(given().when()
                        .post(path.getKey())
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString());
                assertEquals(List.of(), doc.problems(schema, answer), "POST " + path.getKey() + " -> " + answer);
                checked++;
                continue;
            }
            for (Map.Entry<String, JsonNode> example : content.path("examples").properties()) {
                String what = "POST " + path.getKey() + " example " + example.getKey();
                JsonNode body = example.getValue().get("value");
                boolean refused = example.getKey().startsWith("refused_");
                if (!refused)
                    assertEquals(
                            List.of(),
                            doc.problems(content.get("schema"), body),
                            what + ": the request does not match its schema");
                JsonNode answer = OpenApiDocument.post(path.getKey(), JSON.writeValueAsString(body));
                assertEquals(List.of(), doc.problems(schema, answer), what + " -> " + answer);
                assertEquals(refused, answer.has("error"), what + " -> " + answer);
                if (refused)
                    assertEquals(List.of(), doc.problems(doc.root.at("/components/schemas/Error"), answer), what);
                checked++;
            }
        }
        assertEquals(21, checked, "examples posted");
    }

    @Test
    void everyOtherDocumentedMethodAnswersAsDocumented() throws Exception {
        int checked = 0;
        for (Map.Entry<String, JsonNode> path : doc.paths().properties()) {
            for (Iterator<String> methods = path.getValue().fieldNames(); methods.hasNext(); ) {
                String method = methods.next();
                if (method.equals("post")) continue;
                RequestSpecification request = given();
                Response response = request.when().request(method.toUpperCase(Locale.ROOT), path.getKey());
                assertEquals(200, response.statusCode(), method + " " + path.getKey());
                JsonNode documented =
                        path.getValue().path(method).path("responses").path("200");
                for (Map.Entry<String, JsonNode> header :
                        documented.path("headers").properties()) {
                    // A list header may come as one comma-separated line or as repeated lines (the mock Lambda
                    // event server splits it); HTTP treats both alike, so join them.
                    List<String> values = response.headers().getValues(header.getKey());
                    String value = values.isEmpty() ? null : String.join(", ", values);
                    assertNotNull(value, method + " " + path.getKey() + " answers no " + header.getKey());
                    assertEquals(
                            List.of(),
                            doc.problems(
                                    header.getValue().get("schema"),
                                    JSON.getNodeFactory().textNode(value)),
                            header.getKey());
                }
                JsonNode schema = doc.answerSchema(path.getKey(), method);
                if (!schema.isMissingNode()) {
                    JsonNode answer = JSON.readTree(response.asString());
                    assertEquals(
                            List.of(), doc.problems(schema, answer), method + " " + path.getKey() + " -> " + answer);
                } else {
                    assertTrue(response.asString().isEmpty(), method + " " + path.getKey() + " documents no body");
                }
                checked++;
            }
        }
        assertEquals(2, checked, "OPTIONS and GET on /");
    }
}
