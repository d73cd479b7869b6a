package dev.nanowork.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.nanowork.support.Builds;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README's first command, {@code ./mvnw quarkus:dev}, in a copy of the project as a newcomer's clone has it (no
 * target/), on a free port with the README's setting for another port: it says the port before it compiles, downloads
 * nothing a {@code ./mvnw verify} did not (no Dev UI), logs one readiness line ({@code started in}, which no other line
 * contains) and answers {@code status} as soon as it does; it answers this machine only, for the localhost names and
 * to pages of this machine. With another process on the port it stops at once, in one line that names the port and
 * the setting that moves it (infra/dev-port.sh).
 */
class DevModeTest {
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
            DevModeRun dev = DevModeRun.start(copy, port);
            long t0 = System.nanoTime();
            boolean ended = dev.process().waitFor(90, TimeUnit.SECONDS);
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
            dev.stop();
            String log = dev.log();
            assertTrue(ended, "dev mode still running 90 s after start with port " + port + " taken:\n" + log);
            assertTrue(log.contains("port " + port + " is in use by another process"), log);
            assertTrue(log.contains("-D" + DevModeRun.PORT_SETTING + "="), log);
            assertFalse(log.contains("Compiling"), "it stops before compiling, " + seconds + " s after start:\n" + log);
            assertFalse(log.contains("[ERROR]"), "one line, no Maven error block:\n" + log);
        }
    }

    @Test
    void itSaysThePortThenThatItStartedThenAnswersThisMachineOnly() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        DevModeRun dev = DevModeRun.start(copy, port);
        try {
            DevModeRun.Answered first = dev.firstAnswer(Duration.ofMinutes(5));
            String log = dev.log();
            int said = log.indexOf(
                    "dev mode: port " + port + " is free; the endpoint will answer on http://localhost:" + port);
            assertTrue(said >= 0, "the port, said before anything compiles:\n" + log);
            assertTrue(log.indexOf("Compiling") > said, "compiles after saying the port:\n" + log);
            assertEquals(1, dev.lines(DevModeRun.READY).size(), "one readiness line, Quarkus' own:\n" + log);
            assertTrue(dev.lines(DevModeRun.READY).get(0).contains("(powered by Quarkus"), log);
            assertEquals(1, first.asked(), "status answered as soon as the readiness line was in the log");
            assertTrue(first.answer().contains("\"version\""), first.answer());
            for (String testsOnly : List.of(":testCompile", "spotless", "jacoco", "(lint)", "(npm-ci-tools)"))
                assertFalse(log.contains(testsOnly), testsOnly + " waits for the tests:\n" + log);
            // Nothing a ./mvnw verify did not fetch (Quarkus' resolver prints what it downloads, whatever -ntp says).
            assertEquals(List.of(), dev.lines("Downloading from"), "artifacts dev mode alone needs");
            String steps = Files.readString(copy.resolve("target/build-metrics.json"));
            assertTrue(steps.contains("io.quarkus.amazon.lambda"), "the build steps dev mode ran are listed");
            assertFalse(
                    steps.contains("io.quarkus.devui.deployment."),
                    "Dev UI (its DevUIProcessor) is not built into dev mode");
            thisMachineOnly(dev);
        } finally {
            dev.stop();
        }
    }

    /**
     * Another machine's request (samples/events' event: from 203.0.113.7, as the mock event server writes one that came
     * from there), a rebinding page's, a foreign page's; and a page of this machine's.
     */
    private static void thisMachineOnly(DevModeRun dev) throws IOException {
        String remote = dev.post("/_lambda_", "", Files.readString(Path.of("samples/events/status-root.json")));
        assertTrue(remote.contains("Local callers only"), remote);
        String rebinding = dev.post("/", "Host: rebinding.example:" + dev.port() + "\r\n", "{\"action\": \"status\"}");
        assertTrue(rebinding.contains("Host not allowed"), rebinding);
        String foreign = dev.post("/", "Origin: https://wallet.example\r\n", "{\"action\": \"status\"}");
        assertTrue(foreign.startsWith("HTTP/1.1 403"), foreign);
        String local = dev.post("/", "Origin: http://localhost:8000\r\n", "{\"action\": \"status\"}");
        assertTrue(local.contains("\"version\""), local);
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
