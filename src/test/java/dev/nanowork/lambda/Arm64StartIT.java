package dev.nanowork.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packaged function (function.zip, as {@link LambdaRuntimeIT} runs it: unzipped as the task root, the real
 * runtime client, the Terraform's handler, environment and wrapper) started by Debian's arm64 JDK on an emulated
 * Graviton core (infra/arm64-java.sh; pom.xml's {@code arm64} profile runs this class with {@code
 * nanowork.test.arm64Jdks}, the JDK homes' directory). Each core: init, {@code status} (C2 on, the core's vector
 * width, a kernel of that width or a scalar one), one receive-difficulty {@code work_generate} on a random root,
 * its work checked with Bouncy Castle's BLAKE2b on this machine. Emulated time says nothing about a Graviton's.
 */
class Arm64StartIT {
    /** The preferred vector width the JIT reports on each emulated core (qemu -cpu in infra/arm64-java.sh). */
    static final Map<String, Integer> WIDTH = Map.of("graviton2", 128, "graviton3", 256, "graviton4", 128);
    /** Quarkus' start under qemu-user: 20-40 s measured on one core of this machine, more on a loaded one. */
    static final Duration INIT = Duration.ofMinutes(5);
    /**
     * The stack's {@code auto} everywhere but graviton3: qemu runs SVE code through helper calls, and a 256-bit kernel
     * searched there at about 0 MH/s after a minute of benchmarks ("Work queue full": no search could meet its
     * deadline); its code is checked by the kernel tests on that core. scalarx2 searched at 1.5 MH/s there (emulated).
     */
    static final Map<String, Map<String, String>> KERNEL = Map.of("graviton3", Map.of("NANO_WORK_KERNEL", "scalarx2"));
    /** Benchmarks (the function's longest, 10 s) that let C2 compile the kernel before the searches. */
    static final int WARM_UP_SECONDS = 10;

    static final int WARM_UPS = 6;
    /** An emulated rate that says C2's code runs (the interpreter's is about 0.00). */
    static final double COMPILED_MHS = 0.1;
    /** Receive-difficulty searches allowed before the check fails. */
    static final int TRIES = 4;

    @BeforeAll
    static void unzip() throws Exception {
        TaskRoot.unzip();
    }

    @ParameterizedTest
    @ValueSource(strings = {"graviton2", "graviton3", "graviton4"})
    void packagedFunctionServesOnTheEmulatedCore(String core) throws Exception {
        assumeFalse(
                core.equals("graviton4") && Boolean.getBoolean("nanowork.test.skipGraviton4"),
                "graviton4 left out (-DskipGraviton4)");
        String jdks = System.getProperty("nanowork.test.arm64Jdks");
        assertTrue(jdks != null, "pom.xml's arm64 profile names the emulated JDK homes in nanowork.test.arm64Jdks");
        Path java = Path.of(jdks, "jdk-" + core, "bin", "java");
        assertTrue(Files.isExecutable(java), java + " (infra/arm64-java.sh --build) is missing");
        try (Launch launch = Launch.start(
                "arm64 " + core,
                java,
                "arm64",
                "both",
                10240,
                Launch.LEVEL_1_FLAGS,
                null,
                true,
                KERNEL.getOrDefault(core, Map.of()))) {
            double initSeconds = launch.awaitInit(INIT);

            JsonNode status = RuntimeAnswers.body(
                    launch.invokeJson(Files.readString(RuntimeAnswers.EVENTS.resolve("status-route.json")), "status"));
            assertEquals("1", status.path("c2").asText(), core + ": C2 must be on: " + status);
            int width = WIDTH.get(core);
            assertEquals(width, status.path("preferred_vector_bits").asInt(), core + ": " + status);
            String kernel = status.path("kernel").asText();
            assertEquals(KERNEL.getOrDefault(core, Map.of()).getOrDefault("NANO_WORK_KERNEL", kernel), kernel, core);
            assertTrue(
                    kernel.startsWith("vector" + width) || kernel.startsWith("scalar"),
                    core + ": a " + width + "-bit or scalar kernel, was " + kernel);
            assertTrue(launch.output().contains("work kernel: " + kernel), launch.output());

            // Benchmarks first: under qemu C2 needs tens of seconds for the kernel (the rate is about 0 until then),
            // and the searches below get at most the gateway's 29 s each. They also tell the emulated rate.
            ObjectNode benchmark = (ObjectNode) RuntimeAnswers.JSON.readTree(
                    RuntimeAnswers.EVENTS.resolve("benchmark-route.json").toFile());
            benchmark.put("body", "{\"duration\": \"" + WARM_UP_SECONDS + "\"}");
            JsonNode rate;
            int warmUps = 0;
            do {
                rate = RuntimeAnswers.body(launch.invokeJson(benchmark.toString(), "benchmark"));
                assertEquals(kernel, rate.path("kernel").asText(), core + ": " + rate);
                warmUps++;
            } while (rate.path("mhs").asDouble() < COMPILED_MHS && warmUps < WARM_UPS);

            // Receive difficulty is 2^23 attempts on average, and the emulated search has at most the gateway's 29 s:
            // an answer is either valid work or nano_node's deadline error; one of TRIES must be work.
            ObjectNode event = (ObjectNode) RuntimeAnswers.JSON.readTree(
                    RuntimeAnswers.EVENTS.resolve("work_generate-route.json").toFile());
            SecureRandom random = new SecureRandom();
            double seconds = 0;
            int tries = 0;
            boolean found = false;
            while (!found && tries < TRIES) {
                tries++;
                byte[] root = new byte[32];
                random.nextBytes(root);
                String hash = HexFormat.of().withUpperCase().formatHex(root);
                event.put(
                        "body",
                        "{\"action\":\"work_generate\",\"hash\":\"" + hash + "\",\"difficulty\":\""
                                + RuntimeAnswers.RECEIVE + "\"}");
                RuntimeApiEmulator.Outcome outcome = launch.invoke(event.toString());
                seconds += outcome.nanos() / 1e9;
                JsonNode answer = RuntimeAnswers.answer("work_generate on " + core, outcome);
                if (answer.has("error")) {
                    assertEquals(
                            "Work generation deadline reached",
                            answer.path("error").asText(),
                            answer.toString());
                    continue;
                }
                RuntimeAnswers.assertValidWork(answer, hash, RuntimeAnswers.RECEIVE);
                found = true;
            }
            assertTrue(found, core + ": no receive-difficulty work in " + tries + " searches of up to 29 s");

            launch.stop();
            launch.assertCleanOutput();
            System.out.printf(
                    Locale.ROOT,
                    "arm64 start-up (%s): init %.1f s, kernel %s (%d-bit), emulated benchmark %s MH/s after %d x %d s,"
                            + " receive work in %d search(es), %.1f s%n",
                    core,
                    initSeconds,
                    kernel,
                    width,
                    rate.path("mhs").asText(),
                    warmUps,
                    WARM_UP_SECONDS,
                    tries,
                    seconds);
        }
    }
}
