package dev.nanowork.samples;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * samples/openapi.yaml, and the part of JSON Schema it uses checked against real answers: {@code $ref},
 * {@code oneOf} (exactly one), {@code allOf}, objects ({@code required}, {@code properties},
 * {@code additionalProperties: false}) and strings ({@code enum}, {@code pattern}). Every value the
 * endpoint answers is a string, so a documented property with a {@code type} other than string is a
 * mistake in the document.
 */
final class OpenApiDocument {
    static final Path FILE = Path.of("samples", "openapi.yaml");

    final JsonNode root;

    private OpenApiDocument(JsonNode root) {
        this.root = root;
    }

    /** The endpoint's answer to {@code body} posted as JSON to {@code path}, which must be HTTP 200. */
    static JsonNode post(String path, String body) throws IOException {
        return new ObjectMapper()
                .readTree(given().contentType(ContentType.JSON)
                        .body(body)
                        .when()
                        .post(path)
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString());
    }

    static OpenApiDocument read() {
        try {
            return new OpenApiDocument(new ObjectMapper(new YAMLFactory()).readTree(FILE.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + FILE, e);
        }
    }

    JsonNode paths() {
        return root.get("paths");
    }

    JsonNode resolve(JsonNode schema) {
        while (schema.has("$ref")) {
            String ref = schema.get("$ref").asText();
            if (!ref.startsWith("#/components/schemas/")) throw new IllegalStateException("unsupported $ref " + ref);
            JsonNode target = root.at("/components/schemas/" + ref.substring("#/components/schemas/".length()));
            if (target.isMissingNode()) throw new IllegalStateException("dangling $ref " + ref);
            schema = target;
        }
        return schema;
    }

    /** The schema of an operation's HTTP 200 JSON answer. */
    JsonNode answerSchema(String path, String method) {
        return paths().path(path)
                .path(method)
                .path("responses")
                .path("200")
                .path("content")
                .path("application/json")
                .path("schema");
    }

    /** What is wrong with {@code value} against {@code schema}; empty when it conforms. */
    List<String> problems(JsonNode schema, JsonNode value) {
        List<String> problems = new ArrayList<>();
        check(schema, value, "$", problems);
        return problems;
    }

    private void check(JsonNode schema, JsonNode value, String at, List<String> problems) {
        schema = resolve(schema);
        if (schema.has("oneOf")) {
            List<List<String>> each = new ArrayList<>();
            int matches = 0;
            for (JsonNode option : schema.get("oneOf")) {
                List<String> p = problems(option, value);
                each.add(p);
                if (p.isEmpty()) matches++;
            }
            if (matches != 1)
                problems.add(at + ": matches " + matches + " of the oneOf options, not exactly one: " + each);
            return;
        }
        if (schema.has("allOf")) {
            for (JsonNode part : schema.get("allOf")) check(part, value, at, problems);
        }
        String type = schema.path("type").asText("");
        switch (type) {
            case "" -> {}
            case "object" -> checkObject(schema, value, at, problems);
            case "string" -> checkString(schema, value, at, problems);
            default -> problems.add(at + ": the document says type " + type + ", but every value is a string");
        }
    }

    private void checkObject(JsonNode schema, JsonNode value, String at, List<String> problems) {
        if (!value.isObject()) {
            problems.add(at + ": not an object: " + value);
            return;
        }
        for (JsonNode required : schema.path("required")) {
            if (!value.has(required.asText())) problems.add(at + ": missing required " + required.asText());
        }
        JsonNode properties = schema.path("properties");
        for (Map.Entry<String, JsonNode> field : value.properties()) {
            if (properties.has(field.getKey())) {
                check(properties.get(field.getKey()), field.getValue(), at + "." + field.getKey(), problems);
            } else if (schema.path("additionalProperties").isBoolean()
                    && !schema.get("additionalProperties").asBoolean()) {
                problems.add(at + ": undocumented field " + field.getKey());
            }
        }
    }

    private static void checkString(JsonNode schema, JsonNode value, String at, List<String> problems) {
        if (!value.isTextual()) {
            problems.add(at + ": not a string: " + value);
            return;
        }
        String text = value.asText();
        if (schema.has("enum")) {
            boolean listed = false;
            for (JsonNode e : schema.get("enum")) listed |= e.asText().equals(text);
            if (!listed) problems.add(at + ": '" + text + "' is not one of " + schema.get("enum"));
        }
        if (schema.has("pattern")
                && !java.util.regex.Pattern.compile(schema.get("pattern").asText())
                        .matcher(text)
                        .find()) {
            problems.add(at + ": '" + text + "' does not match "
                    + schema.get("pattern").asText());
        }
    }
}
