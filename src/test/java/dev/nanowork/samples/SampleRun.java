package dev.nanowork.samples;

import io.restassured.RestAssured;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a sample program as a newcomer would, against the test server, and keeps what it printed. */
record SampleRun(int exitCode, String stdout, String stderr) {

    /** The test server's base URL: the mock Lambda event server (Lambda build) or the HTTP server (-DselfHosted). */
    static String url() {
        return "http://localhost:" + RestAssured.port;
    }

    /** The JVM running the tests, for {@code java WorkClient.java}. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static SampleRun run(List<String> command, Map<String, String> env) {
        try {
            Path out = Files.createTempFile("sample", ".out");
            Path err = Files.createTempFile("sample", ".err");
            ProcessBuilder builder =
                    new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(command + " did not finish in 120 s");
            }
            SampleRun run = new SampleRun(process.exitValue(), Files.readString(out), Files.readString(err));
            Files.delete(out);
            Files.delete(err);
            return run;
        } catch (IOException e) {
            throw new AssertionError("cannot run " + command + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Keeps a sample's output under target/samples/ (the README quotes real answers from there). */
    SampleRun keep(String name) {
        try {
            Path dir = Path.of("target", "samples");
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(name), stdout, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return this;
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\nstdout: " + stdout + "\nstderr: " + stderr;
    }

    static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, program))) return true;
        }
        return false;
    }
}
