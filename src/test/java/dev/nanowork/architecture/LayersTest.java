package dev.nanowork.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packages follow the data flow and are used one way only: a package names only packages after it in
 * {@link #LAYERS} (an import, a static import or a fully qualified name all count). {@code config} and
 * {@code access} sit beside the layer that uses them: only {@code function} (and the {@code worker} entry that starts
 * it) reads the configuration; the
 * credential is resolved in {@code function} and checked in {@code rpc}. {@code cost}, an operator tool
 * outside the deployed artifact, may use {@code work} only, {@code search.Threads} (the rule that gives a Lambda
 * function its search threads) and {@code fanout.FanOutSettings} (the defaults and the rule that give a work its
 * workers), so that the cost table counts threads and workers as the function does; and, for the measured report
 * of a deployed stack, {@code observe.Metric} (the names the functions report their metrics by) and {@code
 * aws.AwsClients} (its CloudWatch client built as every AWS client is).
 */
class LayersTest {
    static final List<String> LAYERS = List.of(
            "worker",
            "function",
            "config",
            "rpc",
            "fanout",
            "share",
            "access",
            "aws",
            "search",
            "kernel",
            "block",
            "observe",
            "work");
    static final Pattern PACKAGE = Pattern.compile("(?m)^package dev\\.nanowork\\.(\\w+)");
    static final Pattern REFERENCE = Pattern.compile("dev\\.nanowork\\.(\\w+)");
    /** What {@code cost} may use beyond {@code work}: the rules it must count by as the function does. */
    static final List<String> COST_USES =
            List.of("search.Threads;", "fanout.FanOutSettings;", "observe.Metric;", "aws.AwsClients;");

    static final List<Path> SOURCES = List.of(Path.of("src/main/java"), Path.of("src/cost/java"));

    @Test
    void packagesUseOnlyThePackagesBelowThem() throws IOException {
        List<String> violations = new ArrayList<>();
        int files = 0;
        for (Path root : SOURCES) {
            if (!Files.isDirectory(root)) continue;
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path p : paths.filter(f -> f.toString().endsWith(".java")).toList()) {
                    violations.addAll(violations(p.toString(), read(p)));
                    files++;
                }
            }
        }
        assertTrue(files > 50, "sources scanned: " + files);
        assertEquals(List.of(), violations);
    }

    @Test
    void aPlantedUpwardImportIsFound() {
        String planted = "package dev.nanowork.work;\n\nimport dev.nanowork.rpc.RpcError;\n\nclass Planted {}\n";
        assertEquals(List.of("Planted.java: work uses rpc"), violations("Planted.java", planted));
        String inline =
                "package dev.nanowork.search;\n\nclass Planted { Object o = new dev.nanowork.function.WorkEngine(); }\n";
        assertEquals(List.of("Planted.java: search uses function"), violations("Planted.java", inline));
        String cost = """
                package dev.nanowork.cost;

                import dev.nanowork.search.Threads;
                import dev.nanowork.fanout.FanOutSettings;
                import dev.nanowork.kernel.KernelSelector;
                import dev.nanowork.fanout.SharedSearch;

                class Planted {}
                """;
        assertEquals(
                List.of("Planted.java: cost uses kernel", "Planted.java: cost uses fanout"),
                violations("Planted.java", cost));
    }

    /** Each reference from the file's package to its own layer or one above it, as {@code file: from uses to}. */
    static List<String> violations(String file, String source) {
        Matcher pkg = PACKAGE.matcher(source);
        if (!pkg.find()) return List.of(file + ": no dev.nanowork package");
        String from = pkg.group(1);
        String body = source.substring(pkg.end());
        List<String> found = new ArrayList<>();
        Matcher ref = REFERENCE.matcher(body);
        while (ref.find()) {
            String to = ref.group(1);
            if (to.equals(from) || allowed(from, to)) continue;
            int at = ref.start(1);
            if (from.equals("cost") && COST_USES.stream().anyMatch(u -> body.startsWith(u, at))) continue;
            String v = file + ": " + from + " uses " + to;
            if (!found.contains(v)) found.add(v);
        }
        return found;
    }

    static boolean allowed(String from, String to) {
        if (from.equals("cost")) return to.equals("work");
        int f = LAYERS.indexOf(from);
        int t = LAYERS.indexOf(to);
        return f >= 0 && t > f;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
