package dev.nanowork.function;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.Samples;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Requests nano_node refuses, each answered HTTP 200 with its exact error string, no stack trace, and the
 * next request still answered.
 */
@QuarkusTest
class MalformedRequestTest {
    static final String H = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    static final String W = "2bf29ef00786a6bc";
    static final List<String> ROWS_RUN = new ArrayList<>();

    static final String HASH = "Invalid block hash",
            WORK = "Bad work",
            DIFFICULTY = "Bad difficulty",
            MULTIPLIER = "Bad multiplier",
            LIMIT = "Difficulty above config limit or below publish threshold",
            PARSE = "Unable to parse JSON",
            UNKNOWN = "Unknown command",
            POST_ONLY = "Can only POST requests",
            VERSION = "Bad work version";

    static String validate(String fields) {
        return "{\"action\":\"work_validate\"," + fields + "}";
    }

    static String generate(String fields) {
        return "{\"action\":\"work_generate\",\"hash\":\"" + H + "\"" + (fields.isEmpty() ? "" : "," + fields) + "}";
    }

    static Arguments row(String name, String method, String path, String contentType, String body, String error) {
        return Arguments.of(name, method, path, contentType, body, error);
    }

    static Arguments post(String name, String body, String error) {
        return row(name, "POST", "/", "application/json", body, error);
    }

    static Stream<Arguments> rows() {
        String w = "\"work\":\"" + W + "\"";
        String h = "\"hash\":\"" + H + "\"";
        return Stream.of(
                post("hash missing", validate(w), PARSE), // nano_node's get<std::string> ("hash") throws
                post("hash empty", validate("\"hash\":\"\"," + w), HASH),
                post("hash odd length", validate("\"hash\":\"" + H.substring(1) + "\"," + w), HASH),
                post("hash not hex", validate("\"hash\":\"" + H.substring(1) + "G\"," + w), HASH),
                post("hash too long", validate("\"hash\":\"" + H + "00\"," + w), HASH),
                post("hash a number", validate("\"hash\":12345," + w), HASH),
                post("hash an object", validate("\"hash\":{}," + w), HASH),
                post("hash missing (generate)", "{\"action\":\"work_generate\"}", PARSE),
                post("work missing", validate(h), WORK),
                post("work empty", validate(h + ",\"work\":\"\""), WORK),
                post("work with a 0x prefix", validate(h + ",\"work\":\"0x" + W.substring(2) + "\""), WORK),
                post("work a lone 0x", validate(h + ",\"work\":\"0x\""), WORK),
                post("work signed", validate(h + ",\"work\":\"-1\""), WORK),
                post("work with a leading space", validate(h + ",\"work\":\" 1\""), WORK),
                post("work not hex", validate(h + ",\"work\":\"" + W.substring(1) + "x\""), WORK),
                post("work too long", validate(h + ",\"work\":\"" + W + "00\""), WORK),
                post("difficulty empty", validate(h + "," + w + ",\"difficulty\":\"\""), DIFFICULTY),
                post("difficulty signed", validate(h + "," + w + ",\"difficulty\":\"+1\""), DIFFICULTY),
                post("difficulty not hex", validate(h + "," + w + ",\"difficulty\":\"fffffff80000000z\""), DIFFICULTY),
                post(
                        "difficulty too long",
                        validate(h + "," + w + ",\"difficulty\":\"fffffff8000000000\""),
                        DIFFICULTY),
                post("difficulty empty (generate)", generate("\"difficulty\":\"\""), DIFFICULTY),
                post("multiplier zero", validate(h + "," + w + ",\"multiplier\":\"0\""), MULTIPLIER),
                post("multiplier zero number", validate(h + "," + w + ",\"multiplier\":0"), MULTIPLIER),
                post("multiplier negative", validate(h + "," + w + ",\"multiplier\":-1.5"), MULTIPLIER),
                post("multiplier NaN", validate(h + "," + w + ",\"multiplier\":\"NaN\""), MULTIPLIER),
                post("multiplier Infinity", validate(h + "," + w + ",\"multiplier\":\"Infinity\""), MULTIPLIER),
                post("multiplier overflowing number", validate(h + "," + w + ",\"multiplier\":1e400"), MULTIPLIER),
                post("multiplier garbage", validate(h + "," + w + ",\"multiplier\":\"2x\""), MULTIPLIER),
                post("multiplier empty", generate("\"multiplier\":\"\""), MULTIPLIER),
                post("multiplier a boolean", generate("\"multiplier\":true"), MULTIPLIER),
                post("difficulty below the minimum", generate("\"difficulty\":\"fffffd0000000000\""), LIMIT),
                post("difficulty above the maximum", generate("\"difficulty\":\"ffffffff00000000\""), LIMIT),
                post("multiplier below the minimum", generate("\"multiplier\":0.01"), LIMIT), // receive is 1/64
                post("multiplier above the maximum", generate("\"multiplier\":\"64\""), LIMIT),
                post("work version unknown", generate("\"version\":\"work_2\""), VERSION),
                post("work version unknown (validate)", validate(h + "," + w + ",\"version\":\"work_2\""), VERSION),
                post("work version before the hash", "{\"action\":\"work_generate\",\"version\":\"x\"}", VERSION),
                post("account not an address", generate("\"account\":\"" + H + "\""), "Bad account number"),
                post("block not JSON", generate("\"block\":\"{\\\"type\\\":\""), "Block is invalid"),
                post("action unknown", "{\"action\":\"work_frobnicate\"}", UNKNOWN),
                post("action a number", "{\"action\":7}", UNKNOWN),
                post("action missing", "{" + h + "," + w + "}", PARSE),
                post("invalid JSON", "{\"action\":\"work_validate\",", PARSE),
                row("invalid JSON (function route)", "POST", "/work_validate", "application/json", "{\"hash\":", PARSE),
                post("trailing garbage", Samples.request("work_validate") + " }", PARSE),
                post("a JSON array", "[" + Samples.request("work_validate") + "]", PARSE),
                row("a JSON array (function route)", "POST", "/work_validate", "application/json", "[1, 2]", PARSE),
                post("null", "null", PARSE),
                row("null (function route)", "POST", "/work_validate", "application/json", "null", PARSE),
                post("a JSON string", "\"work_validate\"", PARSE),
                post("empty body", "", PARSE),
                row("empty body (function route)", "POST", "/work_generate", "application/json", "", PARSE),
                row(
                        "form content type",
                        "POST",
                        "/",
                        "application/x-www-form-urlencoded",
                        "action=work_validate&hash=" + H + "&work=" + W,
                        PARSE),
                row("GET", "GET", "/", null, null, POST_ONLY),
                row(
                        "GET a function route with a query",
                        "GET",
                        "/work_validate?hash=" + H + "&work=" + W,
                        null,
                        null,
                        POST_ONLY),
                row("PUT", "PUT", "/", "application/json", Samples.request("work_validate"), POST_ONLY),
                row("DELETE a function route", "DELETE", "/work_generate", null, null, POST_ONLY));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void answersTheNanoNodeErrorAndKeepsServing(
            String name, String method, String path, String contentType, String body, String error) {
        var request = given();
        if (contentType != null) request.contentType(contentType);
        if (body != null) request.body(body);
        Response response = request.when().request(method, path);
        assertEquals(200, response.statusCode(), name + ": " + response.asString());
        assertTrue(response.contentType().startsWith("application/json"), name + ": " + response.contentType());
        Map<String, Object> answer = response.jsonPath().getMap("$");
        assertEquals(error, answer.get("error"), name + ": " + response.asString());
        assertTrue(Set.of("error", "hint").containsAll(answer.keySet()), name + ": " + answer.keySet());
        assertFalse(
                response.asString().matches("(?s).*(Exception|\\tat |\\.java:).*"),
                name + " leaks a stack trace: " + response.asString());

        given().contentType(ContentType.JSON)
                .body(Samples.request("work_validate"))
                .when()
                .post("/")
                .then()
                .statusCode(200)
                .body("valid_receive", anyOf(equalTo("1")));
        ROWS_RUN.add(name);
    }

    @AfterAll
    static void everyRowRan() {
        assertEquals(rows().count(), ROWS_RUN.size(), "rows run");
        assertTrue(ROWS_RUN.size() >= 30, "at least 30 malformed requests");
    }
}
