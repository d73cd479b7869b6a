package dev.nanowork.samples;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.nanowork.support.Builds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README's first command, {@code ./mvnw quarkus:dev}, in a copy of the project as a newcomer's clone has it (no
 * target/), on a free port with the README's setting for another port: it says the port before it compiles, logs
 * Quarkus' {@code started in} line and answers {@code status}. With another process on the port it stops at once, in
 * one line that names the port and the setting that moves it (infra/dev-port.sh).
 */
class DevModeTest {
    private static final String PORT_SETTING = "quarkus.lambda.mock-event-server.dev-port";
    /** What a newcomer's clone holds that dev mode reads: the build, the wrapper, the scripts and the main sources. */
    private static final List<String> PROJECT = List.of("pom.xml", "mvnw", ".mvn", "infra", "src/main");

    private static Path copy;

    @BeforeAll
    static void copyProject() throws IOException {
        assumeFalse(
                Builds.selfHosted(),
                "dev mode is the Lambda build's (the nested self-hosted build has no quarkus:dev)");
        copy = Files.createTempDirectory("dev-mode");
        for (String part : PROJECT) copyTree(Path.of(part), copy.resolve(part));
    }

    @AfterAll
    static void removeCopy() throws IOException {
        if (copy == null) return;
        try (Stream<Path> files = Files.walk(copy)) {
            for (Path p : files.sorted((a, b) -> b.compareTo(a)).toList()) Files.delete(p);
        }
    }

    @Test
    void aBusyPortStopsItAtOnceInOneLineThatNamesThePortAndTheSetting() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            Dev dev = Dev.start(port);
            long t0 = System.nanoTime();
            boolean ended = dev.process.waitFor(90, TimeUnit.SECONDS);
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
            dev.stop();
            String log = dev.log();
            assertTrue(ended, "dev mode still running 90 s after start with port " + port + " taken:\n" + log);
            assertTrue(log.contains("port " + port + " is in use by another process"), log);
            assertTrue(log.contains("-D" + PORT_SETTING + "="), log);
            assertFalse(log.contains("Compiling"), "it stops before compiling, " + seconds + " s after start:\n" + log);
            assertFalse(log.contains("[ERROR]"), "one line, no Maven error block:\n" + log);
        }
    }

    @Test
    void itSaysThePortThenThatItStartedThenAnswers() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Dev dev = Dev.start(port);
        try {
            String answer = dev.firstAnswer(port, Duration.ofMinutes(5));
            String log = dev.log();
            int said = log.indexOf("dev mode: the endpoint will answer on http://localhost:" + port);
            assertTrue(said >= 0, "the port, said before anything compiles:\n" + log);
            assertTrue(log.indexOf("Compiling") > said, "compiles after saying the port:\n" + log);
            assertTrue(log.contains("started in"), "readiness line:\n" + log);
            assertTrue(answer.contains("\"version\""), answer);
            for (String testsOnly : List.of(":testCompile", "spotless", "jacoco", "(lint)", "(npm-ci-tools)"))
                assertFalse(log.contains(testsOnly), testsOnly + " waits for the tests:\n" + log);
        } finally {
            dev.stop();
        }
    }

    /** One {@code ./mvnw quarkus:dev} in the copy, its output in a file. */
    private record Dev(Process process, Path output) {
        static Dev start(int port) throws IOException {
            Path output = copy.resolve("dev-" + port + ".log");
            List<String> command = new ArrayList<>(List.of("./mvnw", "quarkus:dev", "-D" + PORT_SETTING + "=" + port));
            command.add("-Ddebug=false"); // no debugger port 5005, which another dev mode on this machine may hold
            String repo = System.getProperty("maven.repo.local");
            if (repo != null && !repo.isBlank()) command.add("-Dmaven.repo.local=" + repo);
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(copy.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .redirectInput(
                            ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            return new Dev(builder.start(), output);
        }

        String firstAnswer(int port, Duration within) throws Exception {
            try (HttpClient client = HttpClient.newHttpClient()) {
                return poll(client, port, within);
            }
        }

        private String poll(HttpClient client, int port, Duration within) throws Exception {
            HttpRequest status = HttpRequest.newBuilder(URI.create("http://localhost:" + port))
                    .timeout(Duration.ofSeconds(5))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"action\": \"status\"}"))
                    .build();
            long deadline = System.nanoTime() + within.toNanos();
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) throw new AssertionError("dev mode ended:\n" + log());
                if (log().contains("started in")) {
                    try {
                        String body = client.send(status, HttpResponse.BodyHandlers.ofString())
                                .body();
                        if (body.contains("\"version\"")) return body;
                    } catch (IOException e) {
                        // not listening yet
                    }
                }
                Thread.sleep(500);
            }
            throw new AssertionError("no status answer on port " + port + " within " + within + ":\n" + log());
        }

        String log() {
            try {
                return Files.readString(output, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void stop() throws InterruptedException {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }
}
