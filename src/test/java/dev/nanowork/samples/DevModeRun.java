package dev.nanowork.samples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One {@code ./mvnw quarkus:dev} in a copy of the project, its output in a file, and requests to it written as a
 * client on this machine writes them (over loopback, each on its own connection), the whole answer read back.
 */
record DevModeRun(Process process, Path output, int port) {
    static final String PORT_SETTING = "quarkus.lambda.mock-event-server.dev-port";
    /** Quarkus' last start-up line: the README's readiness line. */
    static final String READY = "started in";

    static DevModeRun start(Path project, int port) throws IOException {
        Path output = project.resolve("dev-" + port + ".log");
        List<String> command = new ArrayList<>(List.of("./mvnw", "quarkus:dev", "-D" + PORT_SETTING + "=" + port));
        command.add("-Ddebug=false"); // no debugger port 5005, which another dev mode on this machine may hold
        String repo = System.getProperty("maven.repo.local");
        if (repo != null && !repo.isBlank()) command.add("-Dmaven.repo.local=" + repo);
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(project.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        return new DevModeRun(builder.start(), output, port);
    }

    /**
     * The first answer to {@code status}, asked as soon as the readiness line is in the log.
     *
     * @return the answer and how many times it was asked after the line
     */
    Answered firstAnswer(Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        int asked = 0;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) throw new AssertionError("dev mode ended:\n" + log());
            if (log().contains(READY)) {
                asked++;
                try {
                    String answer = post("/", "", "{\"action\": \"status\"}");
                    if (answer.contains("\"version\"")) return new Answered(answer, asked);
                } catch (IOException e) {
                    // not listening yet
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no status answer on port " + port + " within " + within + ":\n" + log());
    }

    record Answered(String answer, int asked) {}

    /** A POST of {@code body} to {@code path} with {@code headers} (each ending in CRLF), its whole answer. */
    String post(String path, String headers, String body) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(30_000);
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            String host = headers.regionMatches(true, 0, "Host:", 0, 5) ? "" : "Host: localhost:" + port + "\r\n";
            String head = "POST " + path + " HTTP/1.1\r\n" + host + headers + "Content-Type: application/json\r\n"
                    + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
            s.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().write(bytes);
            s.getOutputStream().flush();
            try (InputStream in = s.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
    }

    String log() {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The log's lines that contain {@code text}. */
    List<String> lines(String text) {
        return log().lines().filter(l -> l.contains(text)).toList();
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
