package dev.nanowork.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.function.WorkEngine;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** samples/curl/work.sh, every action, against the test server as NANO_WORK_URL. */
@QuarkusTest
class CurlSamplesTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String HASH = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";

    @Inject
    WorkEngine engine;

    @Test
    void everyActionAnswersAsDocumented() throws Exception {
        SampleRun run = SampleRun.run(List.of("bash", "samples/curl/work.sh"), Map.of("NANO_WORK_URL", SampleRun.url()))
                .keep("curl.txt");
        assertEquals(0, run.exitCode(), run.toString());
        Map<String, JsonNode> answers = new LinkedHashMap<>();
        for (String line : run.stdout().lines().toList()) {
            String[] parts = line.split("\t", 2);
            answers.put(parts[0], JSON.readTree(parts[1]));
        }
        assertEquals(
                List.of("work_generate", "work_validate", "work_cancel", "status", "benchmark"),
                List.copyOf(answers.keySet()),
                run.toString());

        JsonNode generated = answers.get("work_generate");
        long value = WorkValue.value(
                Root.parse(HASH), Work.parse(generated.get("work").asText()));
        assertTrue(Difficulty.RECEIVE.isReachedBy(value), generated.toString());
        assertEquals(
                new Difficulty(value).toString(), generated.get("difficulty").asText());
        assertEquals(HASH, generated.get("hash").asText());

        JsonNode validated = answers.get("work_validate");
        assertEquals("1", validated.get("valid").asText());
        assertEquals("0", validated.get("valid_all").asText());
        assertEquals("ffffffd21c3933f4", validated.get("difficulty").asText());

        assertEquals("{\"success\":\"\"}", answers.get("work_cancel").toString());
        assertEquals(engine.kernel().name(), answers.get("status").get("kernel").asText());
        assertTrue(
                Double.parseDouble(answers.get("benchmark").get("mhs").asText()) > 0,
                answers.get("benchmark").toString());
    }

    @Test
    void anUnknownActionNameIsRefusedByTheScript() {
        SampleRun run = SampleRun.run(
                List.of("bash", "samples/curl/work.sh", "account_balance"), Map.of("NANO_WORK_URL", SampleRun.url()));
        assertEquals(2, run.exitCode(), run.toString());
        assertTrue(run.stderr().contains("work_generate work_validate work_cancel status benchmark"), run.toString());
    }
}
