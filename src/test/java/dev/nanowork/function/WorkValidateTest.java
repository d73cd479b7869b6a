package dev.nanowork.function;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nanowork.support.Samples;
import dev.nanowork.support.Vectors;
import dev.nanowork.work.Difficulty;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** work_validate end to end, through the mock Lambda event server: both routes, every known vector. */
@QuarkusTest
class WorkValidateTest {
    static ValidatableResponse post(String path, String body) {
        return given().contentType(ContentType.JSON)
                .body(body)
                .when()
                .post(path)
                .then()
                .statusCode(200)
                .contentType(ContentType.JSON);
    }

    @Test
    void theSampleOnBothRoutes() {
        for (String path : List.of("/", "/work_validate")) {
            post(path, Samples.request("work_validate"))
                    .body("valid_all", equalTo("0"))
                    .body("valid_receive", equalTo("1"))
                    .body("difficulty", equalTo("ffffffd21c3933f4"))
                    .body(
                            "multiplier",
                            equalTo(Difficulty.formatMultiplier(
                                    Difficulty.toMultiplier(0xffffffd21c3933f4L, Difficulty.BASE.threshold()))))
                    .body("$", not(hasKey("valid")));
            post(path, Samples.request("work_validate_difficulty"))
                    .body("valid", equalTo("1")); // ffffffd2... reaches epoch 1
            // The multiplier (2 x send) overrides the difficulty (receive, which the work reaches), as in nano_node.
            post(path, Samples.request("work_validate_multiplier")).body("valid", equalTo("0"));
            // A multiplier without a difficulty gets no "valid": nano_node answers it only for a difficulty.
            post(path, Samples.request("work_validate").replace("}", ", \"multiplier\": \"0.125\"}"))
                    .body("valid_receive", equalTo("1"))
                    .body("$", not(hasKey("valid")));
        }
    }

    @Test
    void everyWorkValueVectorOnBothSidesOfEachThreshold() {
        List<Map<String, String>> rows = Vectors.read("work-values.csv");
        rows.addAll(Vectors.read("first-nonce.csv").stream()
                .map(r -> Map.of("root", r.get("root"), "work", r.get("first_work"), "difficulty", r.get("difficulty")))
                .toList());
        int checked = 0;
        boolean[] sides = new boolean[4]; // seen: below send, at/above send, below receive, at/above receive
        for (Map<String, String> row : rows) {
            long value = Long.parseUnsignedLong(row.get("difficulty"), 16);
            boolean send = Difficulty.SEND.isReachedBy(value);
            boolean receive = Difficulty.RECEIVE.isReachedBy(value);
            sides[send ? 1 : 0] = true;
            sides[receive ? 3 : 2] = true;
            String base = "{\"action\":\"work_validate\",\"hash\":\"" + row.get("root") + "\",\"work\":\""
                    + row.get("work") + "\"";
            // The requested threshold exactly at the work's value is reached; one above it is not.
            post("/", base + ",\"difficulty\":\"" + row.get("difficulty") + "\"}")
                    .body("valid", equalTo("1"))
                    .body("valid_all", equalTo(send ? "1" : "0"))
                    .body("valid_receive", equalTo(receive ? "1" : "0"))
                    .body("difficulty", equalTo(row.get("difficulty")))
                    .body("multiplier", equalTo(Difficulty.formatMultiplier(new Difficulty(value).multiplier())));
            if (value != -1L) {
                post("/work_validate", base + ",\"difficulty\":\"" + new Difficulty(value + 1) + "\"}")
                        .body("valid", equalTo("0"))
                        .body("difficulty", equalTo(row.get("difficulty")));
            }
            checked++;
        }
        assertEquals(13, checked, "rows of work-values.csv + first-nonce.csv");
        assertEquals(
                List.of(true, true, true, true),
                List.of(sides[0], sides[1], sides[2], sides[3]),
                "the vectors hold values on both sides of the send and the receive thresholds");
    }

    @Test
    void valuesMayArriveAsNumbersOrBooleansAndTheContentTypeIsNotRead() {
        String hash = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
        post(
                        "/",
                        "{\"action\":\"work_validate\",\"hash\":\"" + hash.toLowerCase(Locale.ROOT)
                                + "\",\"work\":\"2BF29EF00786A6BC\",\"difficulty\":1,\"multiplier\":\"0.125\"}")
                .body("valid", equalTo("1"));
        post(
                        "/",
                        "{\"action\":\"work_validate\",\"hash\":\"" + hash
                                + "\",\"work\":\"2bf29ef00786a6bc\",\"difficulty\":1,\"multiplier\":1}")
                .body("valid", equalTo("0"));
        post(
                        "/",
                        "{\"action\":\"work_validate\",\"hash\":\"" + hash
                                + "\",\"work\":\"2bf29ef00786a6bc\",\"difficulty\":\"1\",\"multiplier\":0.125,\"use_peers\":true}")
                .body("valid", equalTo("1"));
        given().contentType(ContentType.TEXT)
                .body(Samples.request("work_validate"))
                .when()
                .post("/work_validate")
                .then()
                .statusCode(200)
                .body("valid_receive", equalTo("1"));
        given().contentType(ContentType.TEXT)
                .body(Samples.request("work_validate"))
                .when()
                .post("/")
                .then()
                .statusCode(200)
                .body("valid_receive", equalTo("1"));
    }
}
