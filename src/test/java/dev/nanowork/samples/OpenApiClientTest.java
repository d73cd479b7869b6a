package dev.nanowork.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * samples/openapi.yaml read by a standard OpenAPI parser and validator (swagger-parser, as Swagger UI and
 * the client generators read it): no message at all, and a client that takes every path, request example
 * and answer schema from the parsed model gets, from the running endpoint, answers with the documented fields.
 */
@QuarkusTest
class OpenApiClientTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static SwaggerParseResult parse() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(true);
        return new OpenAPIV3Parser().readLocation(OpenApiDocument.FILE.toString(), null, options);
    }

    @Test
    void isAValidOpenApiDocument() {
        SwaggerParseResult result = parse();
        assertEquals(List.of(), result.getMessages(), "swagger-parser's messages");
        assertNotNull(result.getOpenAPI());
    }

    @Test
    void aClientOfTheParsedDocumentGetsTheDocumentedAnswers() throws Exception {
        OpenAPI api = parse().getOpenAPI();
        int calls = 0;
        for (var path : api.getPaths().entrySet()) {
            Operation post = path.getValue().getPost();
            if (post == null) continue;
            Set<String> documented = fields(post.getResponses()
                    .get("200")
                    .getContent()
                    .get("application/json")
                    .getSchema());
            List<String> bodies = new ArrayList<>();
            MediaType json = post.getRequestBody() == null
                    ? null
                    : post.getRequestBody().getContent().get("application/json");
            if (json == null) {
                bodies.add("");
            } else {
                for (Example example : json.getExamples().values())
                    bodies.add(JSON.writeValueAsString(example.getValue()));
            }
            for (String body : bodies) {
                JsonNode answer = OpenApiDocument.post(path.getKey(), body);
                Set<String> fields = new TreeSet<>();
                answer.fieldNames().forEachRemaining(fields::add);
                assertTrue(
                        documented.containsAll(fields),
                        "POST " + path.getKey() + " " + body + " -> " + fields + ", documented " + documented);
                calls++;
            }
        }
        assertEquals(21, calls, "requests made from the parsed document");
    }

    /** Every field an answer schema documents, through its oneOf, anyOf and allOf options. */
    static Set<String> fields(Schema<?> schema) {
        Set<String> fields = new TreeSet<>();
        if (schema.getProperties() != null) fields.addAll(schema.getProperties().keySet());
        for (List<?> options : Arrays.<List<?>>asList(schema.getOneOf(), schema.getAnyOf(), schema.getAllOf())) {
            if (options != null) for (Object option : options) fields.addAll(fields((Schema<?>) option));
        }
        return fields;
    }
}
