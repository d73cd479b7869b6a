package dev.nanowork.security;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 20, item 6: a key setting present but blank stops start-up whichever configuration source holds it. Each
 * case really starts the packaged self-hosted server ({@code target/self-hosted/quarkus-app/quarkus-run.jar}, run by
 * the self-hosted build's integration tests, after package) in a folder of its own, with the blank setting in one
 * source: the environment, a system property, {@code .env}, {@code config/application.properties} (Quarkus reads it
 * beside the server, as the packaged one), and {@code ${VAR:}} expanding to nothing. Each must exit, saying which
 * setting is blank; the control, with a real key, must start.
 */
class SelfHostedStartIT {
    static final Path JAR =
            Path.of("target/self-hosted/quarkus-app/quarkus-run.jar").toAbsolutePath();
    static final String BLANK = "is set but blank";

    /** How one case puts its setting: a name for the report, the environment, system properties, files. */
    record Source(String name, Map<String, String> env, List<String> properties, Map<String, String> files) {}

    static Stream<Arguments> blankSettings() {
        return Stream.of(
                Arguments.of(new Source("environment", Map.of("NANO_WORK_AUTH_KEY", ""), List.of(), Map.of())),
                Arguments.of(new Source(
                        "environment, operator key parameter",
                        Map.of("NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER", " "),
                        List.of(),
                        Map.of())),
                Arguments.of(
                        new Source("system property", Map.of(), List.of("-Dnano-work.auth.operator-key="), Map.of())),
                Arguments.of(new Source("dot env", Map.of(), List.of(), Map.of(".env", "NANO_WORK_AUTH_KEY=\n"))),
                Arguments.of(new Source(
                        "application.properties",
                        Map.of(),
                        List.of(),
                        Map.of("config/application.properties", "nano-work.auth.key-parameter=\n"))),
                Arguments.of(new Source(
                        "an expression expanding to nothing",
                        Map.of(),
                        List.of(),
                        Map.of(
                                "config/application.properties",
                                "nano-work.auth.key=${NANO_WORK_TEST_UNSET_VARIABLE:}\n"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blankSettings")
    void aBlankKeyStopsStartUp(Source source, @TempDir Path dir) throws Exception {
        Started run = start(source, dir, 60);
        assertFalse(run.alive, source.name() + ": the server must not start: " + run.output);
        assertTrue(run.exitCode != 0, source.name() + ": exit code " + run.exitCode);
        assertTrue(run.output.contains(BLANK), source.name() + ": says which setting is blank: " + run.output);
        assertFalse(run.output.contains("Listening on"), source.name() + ": " + run.output);
    }

    @Test
    void theControlWithARealKeyStarts(@TempDir Path dir) throws Exception {
        Started run = start(
                new Source(
                        "control",
                        Map.of("NANO_WORK_AUTH_KEY", "a-real-key-0123456789abcdefghijklmnop"),
                        List.of(),
                        Map.of(
                                "config/application.properties",
                                "nano-work.auth.operator-key=${OPERATOR:operator-key-0123456789abcdefghijk}\n")),
                dir,
                60);
        assertTrue(run.alive, "a real key starts: " + run.output);
        assertTrue(run.output.contains("access: a key is required"), run.output);
        assertFalse(
                run.output.contains("a-real-key-0123456789abcdefghijklmnop")
                        || run.output.contains("operator-key-0123456789abcdefghijk"),
                "no key is logged");
    }

    record Started(boolean alive, int exitCode, String output) {}

    /**
     * Starts the server in {@code dir} and waits until it exits, or says it listens, or {@code seconds} pass; a live
     * server is then stopped.
     */
    static Started start(Source source, Path dir, int seconds) throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(JAR), "the self-hosted build's package phase wrote " + JAR);
        for (var file : source.files().entrySet()) {
            Path target = dir.resolve(file.getKey());
            Files.createDirectories(target.getParent());
            Files.writeString(target, file.getValue(), StandardCharsets.UTF_8);
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("--add-modules=jdk.incubator.vector");
        command.addAll(source.properties());
        command.addAll(List.of("-jar", JAR.toString()));
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        Path log = dir.resolve("server.log");
        builder.redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(k -> k.startsWith("NANO_WORK_") || k.startsWith("QUARKUS_"));
        env.put("QUARKUS_HTTP_PORT", "0"); // a free port: cases never collide with each other or other tests
        env.put("NANO_WORK_SERVE", "validate"); // no kernel selected or primed: start-up in about a second
        env.putAll(source.env());
        Process process = builder.start();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (process.isAlive() && System.nanoTime() < until) {
            if (Files.readString(log, StandardCharsets.UTF_8).contains("Listening on")) break;
            Thread.sleep(50);
        }
        boolean alive = process.isAlive();
        if (alive) {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        int exit = alive ? 0 : process.exitValue();
        String output = Files.readString(log, StandardCharsets.UTF_8);
        return new Started(alive, exit, output);
    }
}
