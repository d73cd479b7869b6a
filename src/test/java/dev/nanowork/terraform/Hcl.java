package dev.nanowork.terraform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Terraform files parsed offline by {@code tools/node/parse-tf.js}, which runs HashiCorp's HCL parser
 * (npm {@code @cdktf/hcl2json}, installed by the Maven build with {@code npm ci}). Without Node.js or
 * that package the tests fail with what to install: a shape test that cannot parse must not pass.
 *
 * <p>In the JSON form blocks are arrays of objects (a block may repeat) and every expression that is
 * not a literal is a string {@code "${...}"}.
 */
final class Hcl {
    static final Path PROJECT = projectRoot();
    static final Path TERRAFORM = PROJECT.resolve("terraform");
    private static final Path TOOLS = PROJECT.resolve("tools/node");
    private static final ObjectMapper JSON = new ObjectMapper();

    private Hcl() {}

    /** Thrown when a file does not parse; the message is the parser's, with file, line and column. */
    static final class ParseError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ParseError(String message) {
            super(message);
        }
    }

    private static JsonNode tree;

    /** Every .tf file under terraform/, parsed once per test run (each parse starts a node process). */
    static synchronized JsonNode terraformTree() {
        if (tree == null) tree = parse(TERRAFORM);
        return tree;
    }

    /** Parses every .tf file under the given files or directories: path -> the file as JSON. */
    static JsonNode parse(Path... targets) {
        requireTools();
        String node = requireNode(System.getenv().getOrDefault("NODE", "node"));
        List<String> command =
                new ArrayList<>(List.of(node, TOOLS.resolve("parse-tf.js").toString()));
        for (Path target : targets) command.add(target.toString());
        try {
            Path stdout = Files.createTempFile("parse-tf", ".json");
            Path stderr = Files.createTempFile("parse-tf", ".err");
            try {
                Process process = new ProcessBuilder(command)
                        .redirectOutput(stdout.toFile())
                        .redirectError(stderr.toFile())
                        .start();
                if (!process.waitFor(120, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new IllegalStateException("parse-tf.js took over 120 s: " + command);
                }
                String errors = Files.readString(stderr, StandardCharsets.UTF_8).strip();
                if (process.exitValue() != 0) throw new ParseError(errors);
                return JSON.readTree(stdout.toFile());
            } finally {
                Files.deleteIfExists(stdout);
                Files.deleteIfExists(stderr);
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not run " + command + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void requireTools() {
        if (!Files.isDirectory(TOOLS.resolve("node_modules/@cdktf/hcl2json"))) {
            throw new IllegalStateException("@cdktf/hcl2json is not installed in " + TOOLS
                    + ": the Maven build installs it (npm ci in tools/node, phase generate-test-resources);"
                    + " run ./mvnw verify, or `npm ci` in tools/node, with Node.js 18+ and npm on the PATH");
        }
    }

    /** The node command when it runs, else an exception that says what to install. */
    static String requireNode(String node) {
        try {
            Process probe = new ProcessBuilder(node, "--version")
                    .redirectErrorStream(true)
                    .start();
            if (probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0) return node;
        } catch (IOException e) {
            // reported below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new IllegalStateException("Node.js not found (tried `" + node + " --version`): the Terraform shape"
                + " tests parse terraform/**/*.tf with @cdktf/hcl2json and need Node.js 18+ on the PATH"
                + " (or NODE=/path/to/node)");
    }

    private static Path projectRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("pom.xml"))) dir = dir.getParent();
        if (dir == null)
            throw new IllegalStateException("no pom.xml above " + Path.of("").toAbsolutePath());
        return dir;
    }
}
