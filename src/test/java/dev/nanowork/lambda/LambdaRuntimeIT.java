package dev.nanowork.lambda;

import static dev.nanowork.lambda.Launch.LEVEL_1_FLAGS;
import static dev.nanowork.lambda.RuntimeAnswers.EVENTS;
import static dev.nanowork.lambda.RuntimeAnswers.JSON;
import static dev.nanowork.lambda.RuntimeAnswers.RECEIVE;
import static dev.nanowork.lambda.RuntimeAnswers.answer;
import static dev.nanowork.lambda.RuntimeAnswers.assertSameAnswer;
import static dev.nanowork.lambda.RuntimeAnswers.assertValidWork;
import static dev.nanowork.lambda.RuntimeAnswers.body;
import static dev.nanowork.lambda.RuntimeAnswers.expectedAnswers;
import static dev.nanowork.lambda.RuntimeAnswers.workValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs {@code target/function.zip} as the java25 managed runtime does: unzipped as the task root and working
 * directory, the real Runtime Interface Client ({@code AWSLambda}, the handler the Terraform names as its
 * argument) on the class path, the environment the Terraform sets, through the {@code AWS_LAMBDA_EXEC_WRAPPER}
 * script the Terraform names, against {@link RuntimeApiEmulator}. Every event of samples/events and
 * generated ones are answered as the mock event server answered them (recorded by ApiGatewayEventsTest);
 * generated work is checked with Bouncy Castle's BLAKE2b. The unzipped package is {@link TaskRoot}, a runtime
 * process {@link Launch}, the CPU share of a small function {@link CpuLimit}; the answers are checked by
 * {@link RuntimeAnswers}.
 */
class LambdaRuntimeIT {
    /** Lambda at 512 MB has about 0.29 of a vCPU (1,769 MB buys one). */
    static final int VALIDATE_CPU_PERCENT = 30;

    @BeforeAll
    static void unzip() throws Exception {
        TaskRoot.unzip();
    }

    @Test
    void generateFunctionWithTheRuntimesLevel1Flags() throws Exception {
        generateFunction("level-1 flags on the command line", LEVEL_1_FLAGS);
    }

    @Test
    void generateFunctionWithoutThem() throws Exception {
        generateFunction("no runtime flags (SnapStart)", List.of());
    }

    void generateFunction(String label, List<String> runtimeFlags) throws Exception {
        Map<String, JsonNode> expected = expectedAnswers();
        try (Launch launch = Launch.start(label, "both", 10240, runtimeFlags, null, true)) {
            double initSeconds = launch.awaitInit();

            // The receive-difficulty work_generate first: the time a user waits on a fresh instance.
            RuntimeApiEmulator.Outcome first =
                    launch.invoke(Files.readString(EVENTS.resolve("work_generate-root.json")));
            JsonNode firstAnswer = answer("work_generate-root", first);
            assertValidWork(firstAnswer, "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2", RECEIVE);

            int checked = 0;
            for (Map.Entry<String, JsonNode> e : expected.entrySet()) {
                JsonNode response =
                        launch.invokeJson(Files.readString(EVENTS.resolve(e.getKey() + ".json")), e.getKey());
                // work_cancel too: a success, as nano_node, although on Lambda it reaches no other search.
                assertSameAnswer(e.getKey(), e.getValue(), response);
                checked++;
            }
            assertEquals(expected.size(), checked);

            JsonNode status = body(launch.invokeJson(Files.readString(EVENTS.resolve("status-route.json")), "status"));
            assertEquals("1", status.path("c2").asText(), label + ": C2 must be on: " + status);
            String kernel = status.path("kernel").asText();
            assertTrue(
                    kernel.startsWith("vector") || launch.output().contains("auto: measured"),
                    label + ": a vector kernel (or scalar chosen by measurement), was " + kernel);
            assertTrue(launch.output().contains("work kernel: " + kernel), launch.output());
            assertFalse(status.path("cpu_model").asText().isBlank(), "status has the CPU model: " + status);
            assertTrue(
                    status.path("preferred_vector_bits").asInt() >= 128,
                    "status has the JIT's preferred width: " + status);

            int generated = generatedEvents(launch);
            launch.stop();
            launch.assertCleanOutput();
            assertAccessLinesNameTheirInvocation(launch.output());
            System.out.printf(
                    java.util.Locale.ROOT,
                    "lambda runtime (%s): init %.2f s, first receive-difficulty work_generate %.2f s, kernel %s C2 on, %d recorded + %d generated events%n",
                    label,
                    initSeconds,
                    first.nanos() / 1e9,
                    kernel,
                    checked,
                    generated);
        }
    }

    /** Random roots: work_generate at the receive threshold on both paths, then work_validate of the answer and of a wrong work. */
    int generatedEvents(Launch launch) throws Exception {
        SecureRandom random = new SecureRandom();
        ObjectNode template = (ObjectNode)
                JSON.readTree(EVENTS.resolve("work_generate-route.json").toFile());
        ObjectNode validateTemplate = (ObjectNode)
                JSON.readTree(EVENTS.resolve("work_validate-route.json").toFile());
        int events = 0;
        for (int i = 0; i < 3; i++) {
            byte[] root = new byte[32];
            random.nextBytes(root);
            String hash = HexFormat.of().withUpperCase().formatHex(root);
            ObjectNode event = template.deepCopy();
            if (i == 1) {
                event.put("rawPath", "/");
                ((ObjectNode) event.path("requestContext").path("http")).put("path", "/");
            }
            String body = "{\"action\":\"work_generate\",\"hash\":\"" + hash + "\",\"difficulty\":\"" + RECEIVE + "\"}";
            if (i == 2) {
                event.put("isBase64Encoded", true);
                event.put("body", Base64.getEncoder().encodeToString(body.getBytes(StandardCharsets.UTF_8)));
            } else {
                event.put("body", body);
            }
            JsonNode answer = body(launch.invokeJson(event.toString(), "generated work_generate " + i));
            String work = assertValidWork(answer, hash, RECEIVE);

            for (boolean wrong : new boolean[] {false, true}) {
                String sent = wrong ? String.format("%016x", Long.parseUnsignedLong(work, 16) ^ 1L) : work;
                ObjectNode validate = validateTemplate.deepCopy();
                validate.put(
                        "body",
                        "{\"action\":\"work_validate\",\"hash\":\"" + hash + "\",\"work\":\"" + sent
                                + "\",\"difficulty\":\"" + RECEIVE + "\"}");
                JsonNode v = body(launch.invokeJson(validate.toString(), "generated work_validate"));
                long value = workValue(hash, sent);
                String valid = Long.compareUnsigned(value, Long.parseUnsignedLong(RECEIVE, 16)) >= 0 ? "1" : "0";
                assertEquals(valid, v.path("valid").asText(), "work_validate " + sent + " for " + hash + ": " + v);
                assertEquals(String.format("%016x", value), v.path("difficulty").asText(), v.toString());
                events++;
            }
            events++;
        }
        // A request API Gateway received 28.5 s ago (after a long SnapStart restore, say): of its 29 s at the gateway
        // nothing is left to search in, so it is answered at once instead of after the gateway gave up. Counted from
        // the handler, this receive-difficulty search would have found work.
        ObjectNode late = template.deepCopy();
        ((ObjectNode) late.path("requestContext")).put("timeEpoch", System.currentTimeMillis() - 28_500);
        late.put(
                "body",
                "{\"action\":\"work_generate\",\"hash\":\"718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2\","
                        + "\"difficulty\":\"" + RECEIVE + "\"}");
        JsonNode lateAnswer = body(launch.invokeJson(late.toString(), "work_generate received 28.5 s ago"));
        assertEquals(
                "Work generation deadline reached", lateAnswer.path("error").asText(), lateAnswer.toString());
        events++;
        return events;
    }

    /** Why the wrapper exists: without it the runtime's level-1 flag beats JAVA_TOOL_OPTIONS and C2 stays off. */
    @Test
    void withoutTheWrapperTheLevel1FlagWins() throws Exception {
        try (Launch launch = Launch.start("level-1 flags, no wrapper", "both", 10240, LEVEL_1_FLAGS, null, false)) {
            launch.awaitInit();
            JsonNode status = body(launch.invokeJson(Files.readString(EVENTS.resolve("status-route.json")), "status"));
            assertEquals("0", status.path("c2").asText(), "the control: " + status);
            assertTrue(launch.output().contains("TieredStopAtLevel=1"), launch.output());
        }
    }

    @Test
    void validateFunctionIsCheapUnderTheCpuOf512Mb() throws Exception {
        CpuLimit limit = CpuLimit.create(VALIDATE_CPU_PERCENT);
        try (Launch launch =
                Launch.start("validate only, " + limit.description(), "validate", 512, LEVEL_1_FLAGS, limit, true)) {
            double initSeconds = launch.awaitInit();
            String event = Files.readString(EVENTS.resolve("work_validate-route.json"));
            List<Long> nanos = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                RuntimeApiEmulator.Outcome outcome = launch.invoke(event);
                JsonNode answer = answer("work_validate-route", outcome);
                assertEquals("1", answer.path("valid_receive").asText(), answer.toString());
                nanos.add(outcome.nanos());
            }
            JsonNode refused = body(launch.invokeJson(
                    Files.readString(EVENTS.resolve("work_generate-route.json")), "work_generate on validate"));
            assertTrue(refused.has("error"), "a validate-only function refuses work_generate: " + refused);

            List<String> threads = launch.threadNames();
            assertTrue(threads.stream().noneMatch(t -> t.startsWith("work-search")), "no search threads: " + threads);
            assertFalse(launch.output().contains("work kernel primed"), launch.output());
            assertFalse(launch.output().contains("work kernel: vector"), launch.output());
            launch.stop();
            launch.assertCleanOutput();
            List<Long> warm = nanos.subList(1, nanos.size()).stream().sorted().toList();
            System.out.printf(
                    java.util.Locale.ROOT,
                    "lambda runtime (validate only, %s): init %.2f s, first work_validate %.1f ms, median of the next %d %.1f ms%n",
                    limit.description(),
                    initSeconds,
                    nanos.get(0) / 1e6,
                    warm.size(),
                    warm.get(warm.size() / 2) / 1e6);
        } finally {
            limit.close();
        }
    }
    /** Each access log line names the Lambda invocation whose record (request_id) it goes with. */
    static void assertAccessLinesNameTheirInvocation(String output) throws Exception {
        java.util.Set<String> recorded = new java.util.HashSet<>();
        for (JsonNode r : RuntimeAnswers.records(output))
            recorded.add(r.path("request_id").asText());
        List<JsonNode> access = LogLines.of(output, "dev.nanowork.function.AccessLog", "INFO");
        assertFalse(access.isEmpty(), output);
        for (JsonNode line : access)
            assertTrue(recorded.contains(line.path("mdc").path("AWSRequestId").asText()), line + "\n" + recorded);
    }
}
