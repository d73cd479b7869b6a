package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23: the packaged self-hosted server started by a java older than 21 (17 to 20: older ones cannot load
 * Quarkus' own classes and say so themselves) exits at once with one line that says what to do, from
 * {@code SelfHostedMain} (the self-hosted build's entry point), where it used to print only the JVM's incubator
 * warning and exit 1. Runs the jar with the first such JDK under {@code /usr/lib/jvm} (or
 * {@code NANO_WORK_OLD_JAVA_HOME}); skipped, saying so, without one.
 */
class SelfHostedOldJavaIT {
    static final Path JAR =
            Path.of("target/self-hosted/quarkus-app/quarkus-run.jar").toAbsolutePath();

    @Test
    void anOlderJavaIsRefusedWithOneLineThatSaysWhatToDo(@TempDir Path dir) throws IOException, InterruptedException {
        Optional<Path> java = oldJava();
        assumeTrue(java.isPresent(), "no JDK 17-20 under /usr/lib/jvm (or NANO_WORK_OLD_JAVA_HOME) to start it with");
        assertTrue(Files.isRegularFile(JAR), "the self-hosted build's package phase wrote " + JAR);
        Path log = dir.resolve("server.log");
        ProcessBuilder builder = new ProcessBuilder(
                        java.get().toString(), "--add-modules=jdk.incubator.vector", "-jar", JAR.toString())
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("QUARKUS_HTTP_PORT", "0");
        Process process = builder.start();
        boolean exited = process.waitFor(60, TimeUnit.SECONDS);
        if (!exited) process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(exited, "it exits at once: " + output);
        assertEquals(1, process.exitValue(), output);
        List<String> lines = output.lines()
                .filter(l -> !l.contains("Using incubator modules"))
                .toList();
        assertEquals(1, lines.size(), "one line besides the JVM's incubator warning: " + output);
        assertTrue(lines.get(0).startsWith("nano-work-function needs Java 21 or newer"), output);
        assertTrue(lines.get(0).contains("infra/run-self-hosted.sh"), "names the launcher: " + output);
        assertFalse(output.contains("Listening on"), output);
    }

    /** A JDK whose java is 17 to 20: NANO_WORK_OLD_JAVA_HOME, else the first under /usr/lib/jvm by its release file. */
    static Optional<Path> oldJava() throws IOException {
        String configured = System.getenv("NANO_WORK_OLD_JAVA_HOME");
        if (configured != null && !configured.isBlank())
            return Optional.of(Path.of(configured, "bin", "java")).filter(Files::isExecutable);
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) return Optional.empty();
        try (Stream<Path> homes = Files.list(jvms)) {
            return homes.sorted()
                    .filter(h -> Files.isExecutable(h.resolve("bin/java")))
                    .filter(h -> {
                        int feature = feature(h.resolve("release"));
                        return feature >= 17 && feature < 21;
                    })
                    .map(h -> h.resolve("bin/java"))
                    .findFirst();
        }
    }

    /** JAVA_VERSION's feature number from a JDK's release file ({@code JAVA_VERSION="17.0.15"}), or 0. */
    static int feature(Path release) {
        try {
            for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=\"")) {
                    String v = line.substring("JAVA_VERSION=\"".length());
                    int end = 0;
                    while (end < v.length() && Character.isDigit(v.charAt(end))) end++;
                    return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return 0;
    }
}
