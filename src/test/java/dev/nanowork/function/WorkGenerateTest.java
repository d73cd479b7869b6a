package dev.nanowork.function;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.NanocurrencyJs;
import dev.nanowork.support.Samples;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * work_generate at receive difficulty through the mock Lambda event server: the work returned is valid
 * by the scalar reference and by nanocurrency-js, and {@code difficulty} and {@code multiplier} describe
 * it. Receive difficulty costs about 2^23 attempts, under a second with the scalar kernel on 2 threads.
 */
@QuarkusTest
class WorkGenerateTest {
    /** The engine under test: answers name the kernel it selected at start-up (auto, or NANO_WORK_KERNEL). */
    @jakarta.inject.Inject
    WorkEngine engine;

    static Map<String, String> post(String path, String body) {
        return given().contentType(ContentType.JSON)
                .body(body)
                .when()
                .post(path)
                .then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .extract()
                .jsonPath()
                .getMap("$");
    }

    @Test
    void generatesWorkBothImplementationsAccept() {
        String other = "E89208DD038FBB269987689621D52292AE9C35941A7484756ECCED92A65093BA";
        List<Map<String, String>> answers = List.of(
                post("/", Samples.request("work_generate")),
                post(
                        "/work_generate",
                        "{\"hash\":\"" + other.toLowerCase(Locale.ROOT)
                                + "\",\"multiplier\":\"0.015625\",\"use_peers\":\"true\",\"version\":\"work_1\"}"));
        List<NanocurrencyJs.Check> checks = new ArrayList<>();
        for (Map<String, String> a : answers) {
            assertEquals(List.of("hash", "work", "difficulty", "multiplier"), List.copyOf(a.keySet()), a.toString());
            assertTrue(a.get("work").matches("[0-9a-f]{16}"), a.toString());
            long value = WorkValue.value(Root.parse(a.get("hash")), Long.parseUnsignedLong(a.get("work"), 16));
            assertTrue(Difficulty.RECEIVE.isReachedBy(value), "the scalar reference accepts " + a);
            assertEquals(
                    new Difficulty(value).toString(), a.get("difficulty"), "difficulty is the returned work's value");
            assertEquals(Difficulty.formatMultiplier(new Difficulty(value).multiplier()), a.get("multiplier"));
            checks.add(new NanocurrencyJs.Check(a.get("hash"), a.get("work"), Difficulty.RECEIVE.toString()));
        }
        assertEquals(Root.parse(other).toString(), answers.get(1).get("hash"), "hash answered as nano_node writes it");
        assertEquals(List.of(true, true), NanocurrencyJs.validateWork(checks), "nanocurrency-js accepts both works");
    }

    @Test
    void statusAndBenchmark() {
        Map<String, String> before = post("/status", "");
        given().contentType(ContentType.JSON)
                .body(Samples.request("status"))
                .when()
                .post("/")
                .then()
                .statusCode(200)
                .body("kernel", equalTo(engine.kernel().name()))
                .body("lanes", equalTo(Integer.toString(engine.kernel().lanes())))
                .body("threads", matchesPattern("[1-9][0-9]*"))
                .body("c2", equalTo("1"))
                .body("serves", equalTo("benchmark status work_cancel work_generate work_precache work_validate"))
                .body("requests_served", matchesPattern("[0-9]+"));
        assertTrue(Long.parseLong(post("/", Samples.request("status")).get("requests_served"))
                > Long.parseLong(before.get("requests_served")));

        Map<String, String> bench = post("/", "{\"action\":\"benchmark\",\"duration\":\"0.5\"}");
        assertEquals(engine.kernel().name(), bench.get("kernel"), bench.toString());
        double seconds = Double.parseDouble(bench.get("seconds"));
        // The 0.5 s run from the request's arrival; the search itself starts a few milliseconds later, after dispatch.
        assertTrue(seconds >= 0.45 && seconds < 1.5, bench.toString());
        assertTrue(Double.parseDouble(bench.get("mhs")) > 0.1, bench.toString());
        assertTrue(bench.get("jit_flags").contains("TieredStopAtLevel="), bench.toString());
        assertTrue(bench.get("jvm").startsWith(Runtime.version().feature() + ""), bench.toString());
        bench.values().forEach(v -> assertTrue(v != null, "every value a string"));
        assertEquals(
                "Bad duration", post("/benchmark", "{\"duration\":\"3600\"}").get("error"));
    }

    @Test
    void corsOnBareOptionsAndOnAnswers() {
        // Self-hosted, no origin is allowed by default: security/DriveByTest.
        org.junit.jupiter.api.Assumptions.assumeFalse(
                dev.nanowork.support.Builds.selfHosted(), "the Lambda build's default, CORS *");
        var options = given().when()
                .options("/")
                .then()
                .statusCode(200)
                .header("Access-Control-Allow-Origin", "*")
                .extract();
        // API Gateway joins repeated headers with commas; the mock event server splits them again.
        assertEquals("POST, OPTIONS", String.join(", ", options.headers().getValues("Access-Control-Allow-Methods")));
        given().header("Origin", "https://wallet.example")
                .contentType(ContentType.JSON)
                .body(Samples.request("work_validate"))
                .when()
                .post("/")
                .then()
                .statusCode(200)
                .header(
                        "Access-Control-Allow-Origin",
                        org.hamcrest.Matchers.anyOf(equalTo("*"), equalTo("https://wallet.example")));
    }
}
