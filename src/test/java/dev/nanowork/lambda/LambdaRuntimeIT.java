package dev.nanowork.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs {@code target/function.zip} as the java25 managed runtime does: unzipped as the task root and working
 * directory, the real Runtime Interface Client ({@code AWSLambda}, the handler the Terraform names as its
 * argument) on the class path, the environment the Terraform sets, through the {@code AWS_LAMBDA_EXEC_WRAPPER}
 * script the Terraform names, against {@link RuntimeApiEmulator}. Every event of samples/events and
 * generated ones are answered as the mock event server answered them (recorded by ApiGatewayEventsTest);
 * generated work is checked with Bouncy Castle's BLAKE2b.
 */
class LambdaRuntimeIT {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path TARGET = Path.of("target");
    static final Path ZIP = TARGET.resolve("function.zip");
    static final Path MODULE = Path.of("terraform", "modules", "work-function", "main.tf");
    static final Path EVENTS = Path.of("samples", "events");
    static final Path EXPECTED = TARGET.resolve("mock-event-answers");
    static final String RECEIVE = "fffffe0000000000";
    /**
     * What the java runtimes put on the java command line when SnapStart and provisioned concurrency are off
     * ($LATEST, Managed Instances): C1 only, the serial collector, class data sharing.
     */
    static final List<String> LEVEL_1_FLAGS =
            List.of("-XX:+TieredCompilation", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto");
    /** Lambda at 512 MB has about 0.29 of a vCPU (1,769 MB buys one). */
    static final int VALIDATE_CPU_PERCENT = 30;

    /** Answer fields that differ from one run to the next; every other field must be equal. */
    static final Map<String, Set<String>> VOLATILE = Map.of(
            "work_generate", Set.of("work", "difficulty", "multiplier"),
            // The tests' mock event server runs whatever kernel the test JVM (or NANO_WORK_KERNEL) gives it.
            // CPU facts: the CI matrix narrows the test JVM's vectors (-XX:MaxVectorSize), not the launched runtime's.
            "status",
                    Set.of(
                            "requests_served",
                            "searching",
                            "queued",
                            "generating",
                            "queue_size",
                            "kernel",
                            "lanes",
                            "states",
                            "threads",
                            "primed_mhs",
                            "raced_mhs",
                            "primed_full_speed",
                            "max_vector_size",
                            "preferred_vector_bits",
                            "use_avx"),
            "benchmark",
                    Set.of(
                            "seconds",
                            "attempts",
                            "mhs",
                            "available_processors",
                            "cpu_flags",
                            "cpu_model",
                            "jvm",
                            "jit_flags",
                            "kernel",
                            "lanes",
                            "states",
                            "threads",
                            "cpu_features",
                            "use_avx",
                            "max_vector_size",
                            "preferred_vector_bits"));

    static Path taskRoot;
    static Terraform terraform;

    /** What the Terraform sets on every function, read from its source. */
    record Terraform(String handler, String wrapper, List<String> jvmOptions) {
        static Terraform read() throws IOException {
            String tf = Files.readString(MODULE);
            String handler = group(tf, "handler\\s*=\\s*\"([^\"]+)\"");
            String wrapper = group(tf, "AWS_LAMBDA_EXEC_WRAPPER\\s*=\\s*\"([^\"]+)\"");
            String list = group(tf, "(?s)required_jvm_options\\s*=\\s*\\[(.*?)\\]");
            List<String> options = new ArrayList<>();
            Matcher m = Pattern.compile("\"([^\"]+)\"").matcher(list);
            while (m.find()) options.add(m.group(1));
            return new Terraform(handler, wrapper, options);
        }

        private static String group(String text, String regex) {
            Matcher m = Pattern.compile(regex).matcher(text);
            if (!m.find()) throw new AssertionError(MODULE + " has no match for " + regex);
            return m.group(1);
        }
    }

    @BeforeAll
    static void unzip() throws Exception {
        assertTrue(
                Files.isRegularFile(ZIP),
                ZIP + " is missing: run ./mvnw verify (the zip is written in the package phase)");
        terraform = Terraform.read();
        taskRoot = TARGET.resolve("lambda-task").toAbsolutePath();
        run(List.of("rm", "-rf", taskRoot.toString()));
        Files.createDirectories(taskRoot);
        // unzip keeps the Unix modes stored in the zip, as Lambda does: the wrapper must arrive executable.
        run(List.of("unzip", "-q", ZIP.toAbsolutePath().toString(), "-d", taskRoot.toString()));
        Path wrapper = wrapperPath();
        assertTrue(
                Files.isExecutable(wrapper), wrapper + " (AWS_LAMBDA_EXEC_WRAPPER) is not executable in function.zip");
    }

    static Path wrapperPath() {
        assertTrue(
                terraform.wrapper.startsWith("/var/task/"), "the wrapper must be in the package: " + terraform.wrapper);
        return taskRoot.resolve(terraform.wrapper.substring("/var/task/".length()));
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

    /** The answers the mock event server gave, recorded by ApiGatewayEventsTest in the same build. */
    static Map<String, JsonNode> expectedAnswers() throws IOException {
        assertTrue(
                Files.isDirectory(EXPECTED),
                EXPECTED + " is missing: ApiGatewayEventsTest records it in the test phase of ./mvnw verify");
        Map<String, JsonNode> expected = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(EVENTS)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString().replace(".json", "");
                Path recorded = EXPECTED.resolve(name + ".json");
                assertTrue(Files.isRegularFile(recorded), "no recorded mock event server answer for " + name);
                expected.put(name, JSON.readTree(recorded.toFile()));
            }
        }
        assertTrue(expected.size() >= 14, "events: " + expected.size());
        return expected;
    }

    /** Status, plain-text body with its Content-Type, then the body equal field by field except the volatile ones. */
    static void assertSameAnswer(String name, JsonNode expected, JsonNode response) throws IOException {
        assertEquals(
                expected.path("statusCode").asInt(), response.path("statusCode").asInt(), name + ": " + response);
        String expectedBody = decoded(expected);
        String body = response.path("body").asText("");
        if (expectedBody.isEmpty()) {
            assertTrue(decoded(response).isEmpty(), name + ": " + response);
            return;
        }
        assertFalse(
                response.path("isBase64Encoded").asBoolean(false),
                name + ": API Gateway must get a plain body: " + response);
        assertTrue(
                response.path("headers").path("Content-Type").asText().startsWith("application/json"),
                name + ": Content-Type: " + response);
        JsonNode want = JSON.readTree(expectedBody);
        JsonNode got = JSON.readTree(body);
        String action = name.substring(0, name.indexOf('-'));
        Set<String> skip = got.has("error") ? Set.of() : VOLATILE.getOrDefault(action, Set.of());
        assertEquals(new TreeSet<>(fields(want)), new TreeSet<>(fields(got)), name + ": fields of " + got);
        for (String field : fields(want)) {
            if (!skip.contains(field))
                assertEquals(want.get(field), got.get(field), name + ": " + field + " in " + got);
        }
        if (action.equals("work_generate") && !got.has("error")) {
            JsonNode request =
                    JSON.readTree(JSON.readTree(EVENTS.resolve(name + ".json").toFile())
                            .path("body")
                            .asText());
            assertValidWork(
                    got,
                    request.path("hash").asText(),
                    request.path("difficulty").asText(RECEIVE));
        }
    }

    static String decoded(JsonNode response) {
        String body = response.path("body").asText("");
        return response.path("isBase64Encoded").asBoolean(false)
                ? new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8)
                : body;
    }

    static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    static JsonNode answer(String name, RuntimeApiEmulator.Outcome outcome) throws IOException {
        assertEquals("response", outcome.kind(), name + ": " + outcome.body());
        JsonNode response = JSON.readTree(outcome.body());
        assertEquals(200, response.path("statusCode").asInt(), name + ": " + response);
        assertFalse(response.path("isBase64Encoded").asBoolean(false), name + ": " + response);
        assertTrue(
                response.path("headers").path("Content-Type").asText().startsWith("application/json"),
                name + ": " + response);
        return JSON.readTree(response.path("body").asText());
    }

    static JsonNode body(JsonNode response) throws IOException {
        assertFalse(response.path("isBase64Encoded").asBoolean(false), response.toString());
        assertTrue(
                response.path("headers").path("Content-Type").asText().startsWith("application/json"),
                response.toString());
        return JSON.readTree(response.path("body").asText());
    }

    /** Checks {@code work} for {@code hash} reaches {@code difficulty} with an independent BLAKE2b; returns the work. */
    static String assertValidWork(JsonNode answer, String hash, String difficulty) {
        String work = answer.path("work").asText();
        assertEquals(16, work.length(), "work in " + answer);
        long value = workValue(hash, work);
        assertTrue(
                Long.compareUnsigned(value, Long.parseUnsignedLong(difficulty, 16)) >= 0,
                "work " + work + " for " + hash + " has value " + Long.toHexString(value) + " < " + difficulty);
        assertEquals(String.format("%016x", value), answer.path("difficulty").asText(), answer.toString());
        return work;
    }

    /** Nano's work value: BLAKE2b-64 of the work (little-endian) then the root, read little-endian. */
    static long workValue(String hash, String work) {
        byte[] nonce = HexFormat.of().parseHex(work);
        byte[] le = new byte[8];
        for (int i = 0; i < 8; i++) le[i] = nonce[7 - i];
        Blake2bDigest digest = new Blake2bDigest(64);
        digest.update(le, 0, 8);
        byte[] root = HexFormat.of().parseHex(hash);
        digest.update(root, 0, root.length);
        byte[] out = new byte[8];
        digest.doFinal(out, 0);
        long value = 0;
        for (int i = 7; i >= 0; i--) value = (value << 8) | (out[i] & 0xff);
        return value;
    }

    static void run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) fail(command + " failed: " + out);
    }

    /** A CPU share like Lambda's at 512 MB: a cgroup v1 CPU quota where this user may make one, else one pinned CPU. */
    record CpuLimit(Path cgroup, int percent) implements AutoCloseable {
        static CpuLimit create(int percent) {
            Path base = Path.of("/sys/fs/cgroup/cpu");
            Path group = base.resolve("nano-work-it-" + ProcessHandle.current().pid());
            try {
                if (Files.isWritable(base)) {
                    Files.createDirectories(group);
                    Files.writeString(group.resolve("cpu.cfs_period_us"), "100000");
                    Files.writeString(group.resolve("cpu.cfs_quota_us"), Integer.toString(percent * 1000));
                    return new CpuLimit(group, percent);
                }
            } catch (IOException | RuntimeException e) {
                // not allowed here: fall back to one CPU
            }
            return new CpuLimit(null, percent);
        }

        String description() {
            return cgroup != null
                    ? "cgroup CPU quota " + percent + "% of one core, 1 CPU"
                    : "1 CPU pinned (no cgroup quota allowed here)";
        }

        /** The command's prefix that applies the limit. */
        List<String> prefix() {
            List<String> prefix = new ArrayList<>();
            if (cgroup != null)
                prefix.addAll(List.of(
                        "sh",
                        "-c",
                        "echo $$ > \"$0\" && exec \"$@\"",
                        cgroup.resolve("cgroup.procs").toString()));
            prefix.addAll(List.of("taskset", "-c", "0"));
            return prefix;
        }

        @Override
        public void close() throws IOException {
            // The kernel frees the group once its last process is reaped; a cgroup directory goes with rmdir.
            for (int i = 0; cgroup != null && Files.exists(cgroup); i++) {
                try {
                    Files.delete(cgroup);
                } catch (IOException e) {
                    if (i >= 50) throw e;
                    java.util.concurrent.locks.LockSupport.parkNanos(100_000_000L);
                }
            }
        }
    }

    /** One runtime process: the java25 runtime's command line through the wrapper, its output in target/lambda-runtime. */
    static final class Launch implements AutoCloseable {
        final RuntimeApiEmulator api;
        final Process process;
        final Path log;
        final long startNanos;
        private boolean stopped;

        private Launch(RuntimeApiEmulator api, Process process, Path log, long startNanos) {
            this.api = api;
            this.process = process;
            this.log = log;
            this.startNanos = startNanos;
        }

        static Launch start(
                String label, String serve, int memoryMb, List<String> runtimeFlags, CpuLimit limit, boolean wrapper)
                throws Exception {
            return start(
                    label,
                    Path.of(System.getProperty("java.home"), "bin", "java"),
                    "x86_64",
                    serve,
                    memoryMb,
                    runtimeFlags,
                    limit,
                    wrapper,
                    Map.of());
        }

        /**
         * The same on another JVM: {@code java} for the runtime's java, {@code architecture} in the function's name,
         * {@code environment} over the stack's defaults.
         */
        static Launch start(
                String label,
                Path java,
                String architecture,
                String serve,
                int memoryMb,
                List<String> runtimeFlags,
                CpuLimit limit,
                boolean wrapper,
                Map<String, String> environment)
                throws Exception {
            RuntimeApiEmulator api = new RuntimeApiEmulator();
            List<String> command = new ArrayList<>();
            if (limit != null) command.addAll(limit.prefix());
            if (wrapper) command.add(wrapperPath().toString());
            command.add(java.toString());
            command.addAll(runtimeFlags);
            if (limit != null) command.add("-XX:ActiveProcessorCount=1");
            command.add("-Xmx" + Math.min(1024, memoryMb * 85 / 100) + "m");
            command.add("-classpath");
            command.add(runtimeClientClassPath());
            command.add("com.amazonaws.services.lambda.runtime.api.client.AWSLambda");
            command.add(terraform.handler);

            ProcessBuilder pb =
                    new ProcessBuilder(command).directory(taskRoot.toFile()).redirectErrorStream(true);
            Path logs = TARGET.resolve("lambda-runtime");
            Files.createDirectories(logs);
            Path log = logs.resolve(label.replaceAll("[^A-Za-z0-9]+", "-") + ".log");
            pb.redirectOutput(log.toFile());
            Map<String, String> env = pb.environment();
            env.clear();
            env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
            env.put("LANG", "en_US.UTF-8");
            env.put("TZ", ":UTC");
            env.put("LAMBDA_TASK_ROOT", taskRoot.toString());
            env.put("LAMBDA_RUNTIME_DIR", taskRoot.toString());
            env.put("_HANDLER", terraform.handler);
            env.put("AWS_LAMBDA_RUNTIME_API", api.address());
            env.put("AWS_REGION", "us-east-1");
            env.put("AWS_DEFAULT_REGION", "us-east-1");
            env.put("AWS_EXECUTION_ENV", "AWS_Lambda_java25");
            env.put("AWS_LAMBDA_FUNCTION_NAME", "nano-work-" + architecture + "-" + serve);
            env.put("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST");
            env.put("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(memoryMb));
            env.put("AWS_LAMBDA_LOG_GROUP_NAME", "/aws/lambda/nano-work-" + architecture + "-" + serve);
            env.put("AWS_LAMBDA_LOG_STREAM_NAME", "2026/12/01/[$LATEST]0123456789abcdef");
            env.put("AWS_LAMBDA_INITIALIZATION_TYPE", "on-demand");
            // What terraform/modules/work-function sets (the stack's defaults).
            if (wrapper) env.put("AWS_LAMBDA_EXEC_WRAPPER", terraform.wrapper);
            env.put("JAVA_TOOL_OPTIONS", String.join(" ", terraform.jvmOptions));
            env.put("NANO_WORK_KERNEL", "auto");
            env.put("NANO_WORK_THREADS", "auto");
            env.put("NANO_WORK_SERVE", serve);
            env.put("NANO_WORK_MAX_DIFFICULTY", "fffffffc00000000");
            env.put("NANO_WORK_DEADLINE", "25s");
            env.putAll(environment);
            long start = System.nanoTime();
            return new Launch(api, pb.start(), log, start);
        }

        /** The runtime's /var/runtime/lib: the client and what it depends on, from the test class path. */
        static String runtimeClientClassPath() throws Exception {
            List<String> jars = new ArrayList<>();
            for (String cls : List.of(
                    "com.amazonaws.services.lambda.runtime.api.client.AWSLambda",
                    "com.amazonaws.services.lambda.runtime.Context",
                    "com.amazonaws.services.lambda.runtime.serialization.PojoSerializer",
                    "software.amazon.awssdk.utilslite.SdkInternalThreadLocal")) {
                jars.add(Path.of(Class.forName(cls, false, LambdaRuntimeIT.class.getClassLoader())
                                .getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .toURI())
                        .toString());
            }
            return String.join(":", jars);
        }

        double awaitInit() throws Exception {
            return awaitInit(Duration.ofMinutes(2));
        }

        /** Seconds from the start to the runtime's first request for an event. */
        double awaitInit(Duration timeout) throws Exception {
            try {
                return (api.awaitInit(timeout, process) - startNanos) / 1e9;
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\n" + output(), e);
            }
        }

        RuntimeApiEmulator.Outcome invoke(String event) throws Exception {
            return api.invoke(event, Duration.ofSeconds(28));
        }

        JsonNode invokeJson(String event, String name) throws Exception {
            RuntimeApiEmulator.Outcome outcome = invoke(event);
            assertEquals("response", outcome.kind(), name + ": " + outcome.body());
            JsonNode response = JSON.readTree(outcome.body());
            assertNotNull(response.get("statusCode"), name + ": " + outcome.body());
            return response;
        }

        /** The JVM's thread names (Linux keeps the first 15 characters of each). */
        List<String> threadNames() throws IOException {
            List<String> names = new ArrayList<>();
            try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(process.pid()), "task"))) {
                for (Path t : tasks.toList())
                    names.add(Files.readString(t.resolve("comm")).strip());
            }
            return names;
        }

        String output() {
            try {
                return Files.readString(log);
            } catch (IOException e) {
                return "(no output: " + e + ")";
            }
        }

        /** As Lambda ends an environment that has extensions: SIGTERM, then a grace period. */
        void stop() throws Exception {
            stopped = true;
            process.destroy();
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("the runtime did not stop within 20 s of SIGTERM\n" + output());
            }
        }

        /** No exception, ERROR or access error anywhere in the JVM's output, shutdown included; no init error. */
        void assertCleanOutput() {
            String out = output();
            assertTrue(api.initError().isEmpty(), "init error: " + api.initError());
            for (String line : out.split("\n")) {
                assertFalse(
                        line.matches("(?i).*(exception|\\bERROR\\b|IllegalAccess|\\bat [a-z]+\\.[a-z]).*"),
                        "in the JVM's output: " + line + "\n" + out);
            }
            assertTrue(out.contains("jvm-wrapper.sh: C2 on"), "the wrapper ran: " + out);
        }

        @Override
        public void close() {
            if (!stopped) {
                process.destroyForcibly();
                try {
                    process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            api.close();
        }
    }
}
