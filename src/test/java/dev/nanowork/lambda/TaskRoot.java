package dev.nanowork.lambda;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code target/function.zip} unzipped as Lambda unzips it into the task root, and what the Terraform sets on
 * every function (handler, wrapper, JVM options), read from its source: what {@link Launch} starts the runtime in
 * and with. {@link #unzip} once per test class, before any launch.
 */
final class TaskRoot {
    static final Path TARGET = Path.of("target");
    static final Path ZIP = TARGET.resolve("function.zip");
    static final Path MODULE = Path.of("terraform", "modules", "work-function", "main.tf");

    static Path path;
    static Terraform terraform;

    private TaskRoot() {}

    /** What the Terraform sets on every function, read from its source. */
    record Terraform(String handler, String workerHandler, String wrapper, List<String> jvmOptions) {
        static Terraform read() throws IOException {
            String tf = Files.readString(MODULE);
            String handler = group(tf, "http_handler\\s*=\\s*\"([^\"]+)\"");
            String workerHandler = group(tf, "worker_handler\\s*=\\s*\"([^\"]+)\"");
            String wrapper = group(tf, "AWS_LAMBDA_EXEC_WRAPPER\\s*=\\s*\"([^\"]+)\"");
            String list = group(tf, "(?s)required_jvm_options\\s*=\\s*\\[(.*?)\\]");
            List<String> options = new ArrayList<>();
            Matcher m = Pattern.compile("\"([^\"]+)\"").matcher(list);
            while (m.find()) options.add(m.group(1));
            return new Terraform(handler, workerHandler, wrapper, options);
        }

        private static String group(String text, String regex) {
            Matcher m = Pattern.compile(regex).matcher(text);
            if (!m.find()) throw new AssertionError(MODULE + " has no match for " + regex);
            return m.group(1);
        }
    }

    static void unzip() throws Exception {
        unzip(ZIP, "lambda-task");
    }

    /** {@code zip} unzipped into target/{@code directory}, the task root of the launches that follow. */
    static void unzip(Path zip, String directory) throws Exception {
        assertTrue(
                Files.isRegularFile(zip),
                zip + " is missing: run ./mvnw verify (the zip is written in the package phase)");
        terraform = Terraform.read();
        path = TARGET.resolve(directory).toAbsolutePath();
        run(List.of("rm", "-rf", path.toString()));
        Files.createDirectories(path);
        // unzip keeps the Unix modes stored in the zip, as Lambda does: the wrapper must arrive executable.
        run(List.of("unzip", "-q", zip.toAbsolutePath().toString(), "-d", path.toString()));
        Path wrapper = wrapperPath();
        assertTrue(
                Files.isExecutable(wrapper), wrapper + " (AWS_LAMBDA_EXEC_WRAPPER) is not executable in function.zip");
    }

    static Path wrapperPath() {
        assertTrue(
                terraform.wrapper.startsWith("/var/task/"), "the wrapper must be in the package: " + terraform.wrapper);
        return path.resolve(terraform.wrapper.substring("/var/task/".length()));
    }

    static void run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) fail(command + " failed: " + out);
    }
}
