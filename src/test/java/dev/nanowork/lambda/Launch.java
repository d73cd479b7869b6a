package dev.nanowork.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** One runtime process: the java25 runtime's command line through the wrapper, its output in target/lambda-runtime. */
final class Launch implements AutoCloseable {
    /**
     * What the java runtimes put on the java command line when SnapStart and provisioned concurrency are off
     * ($LATEST, Managed Instances): C1 only, the serial collector, class data sharing.
     */
    static final List<String> LEVEL_1_FLAGS =
            List.of("-XX:+TieredCompilation", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto");

    /** What the java runtimes add for SnapStart's hooks (org.crac through the runtime client's). */
    static final List<String> SNAPSTART_FLAGS =
            List.of("-Dorg.crac.Core.Compat=com.amazonaws.services.lambda.crac", "-Djava.net.preferIPv4Stack=true");

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
     * {@code environment} over the stack's defaults (an empty value removes the variable, as SnapStart functions lack
     * the log group's). {@code AWS_LAMBDA_INITIALIZATION_TYPE=snap-start} makes it a SnapStart start: the Runtime API
     * serves restore/next, and nothing answers an event until {@link RuntimeApiEmulator#restore}.
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
        RuntimeApiEmulator api =
                new RuntimeApiEmulator("snap-start".equals(environment.get("AWS_LAMBDA_INITIALIZATION_TYPE")));
        List<String> command = new ArrayList<>();
        if (limit != null) command.addAll(limit.prefix());
        if (wrapper) command.add(TaskRoot.wrapperPath().toString());
        command.add(java.toString());
        command.addAll(runtimeFlags);
        if (limit != null) command.add("-XX:ActiveProcessorCount=1");
        command.add("-Xmx" + Math.min(1024, memoryMb * 85 / 100) + "m");
        command.add("-classpath");
        command.add(runtimeClientClassPath());
        command.add("com.amazonaws.services.lambda.runtime.api.client.AWSLambda");
        // The handler the Terraform gives this function: the HTTP one, or the worker's when the test names it.
        String handler = environment.getOrDefault("_HANDLER", TaskRoot.terraform.handler());
        command.add(handler);

        ProcessBuilder pb =
                new ProcessBuilder(command).directory(TaskRoot.path.toFile()).redirectErrorStream(true);
        Path logs = TaskRoot.TARGET.resolve("lambda-runtime");
        Files.createDirectories(logs);
        Path log = logs.resolve(label.replaceAll("[^A-Za-z0-9]+", "-") + ".log");
        pb.redirectOutput(log.toFile());
        Map<String, String> env = pb.environment();
        env.clear();
        env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
        env.put("LANG", "en_US.UTF-8");
        env.put("TZ", ":UTC");
        env.put("LAMBDA_TASK_ROOT", TaskRoot.path.toString());
        env.put("LAMBDA_RUNTIME_DIR", TaskRoot.path.toString());
        env.put("_HANDLER", handler);
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
        // What the Terraform's logging_config makes Lambda set: the runtime client's own lines as JSON.
        env.put("AWS_LAMBDA_LOG_FORMAT", "JSON");
        env.put("AWS_LAMBDA_LOG_LEVEL", "INFO");
        // What terraform/modules/work-function sets (the stack's defaults).
        if (wrapper) env.put("AWS_LAMBDA_EXEC_WRAPPER", TaskRoot.terraform.wrapper());
        env.put("JAVA_TOOL_OPTIONS", String.join(" ", TaskRoot.terraform.jvmOptions()));
        env.put("NANO_WORK_KERNEL", "auto");
        env.put("NANO_WORK_THREADS", "auto");
        env.put("NANO_WORK_SERVE", serve);
        env.put("NANO_WORK_MAX_DIFFICULTY", "fffffffc00000000");
        env.put("NANO_WORK_DEADLINE", "25s");
        env.putAll(environment);
        env.values().removeIf(String::isEmpty);
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
            jars.add(Path.of(Class.forName(cls, false, Launch.class.getClassLoader())
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

    /**
     * Waits until the runtime client has mapped its native library. Every process writes it to the same path,
     * /tmp/.libaws-lambda-jni.so (one environment per /tmp on AWS); a process started here before that may map it
     * half-written and die of SIGBUS. Processes started one after another past this point share the file safely.
     */
    void awaitNativeClient() throws Exception {
        Path maps = Path.of("/proc", Long.toString(process.pid()), "maps");
        long until = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < until) {
            if (!process.isAlive()) fail("the runtime exited while starting\n" + output());
            try {
                if (Files.readString(maps).contains("libaws-lambda-jni")) return;
            } catch (IOException e) {
                // the process is between exec and its first mapping
            }
            Thread.sleep(20);
        }
        fail("the runtime client's native library was not loaded within 60 s\n" + output());
    }

    RuntimeApiEmulator.Outcome invoke(String event) throws Exception {
        return api.invoke(event, Duration.ofSeconds(28));
    }

    JsonNode invokeJson(String event, String name) throws Exception {
        RuntimeApiEmulator.Outcome outcome = invoke(event);
        assertEquals("response", outcome.kind(), name + ": " + outcome.body());
        JsonNode response = RuntimeAnswers.JSON.readTree(outcome.body());
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

    /** No exception, ERROR or access error in the output, shutdown included; no init error; JSON ({@link LogLines}). */
    void assertCleanOutput() {
        String out = output();
        assertTrue(api.initError().isEmpty(), "init error: " + api.initError());
        for (String line : out.split("\n")) {
            assertFalse(
                    line.matches("(?i).*(exception|\\bERROR\\b|IllegalAccess|\\bat [a-z]+\\.[a-z]).*"),
                    "in the JVM's output: " + line + "\n" + out);
        }
        assertEquals(1, LogLines.of(out, "jvm-wrapper.sh", "INFO").size(), "the wrapper ran: " + out);
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
