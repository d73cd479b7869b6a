package dev.nanowork.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A machine without the optional tools (shellcheck, qemu, terraform, node) hears so once, at the start of the build,
 * in one line from infra/optional-tools.sh that names each tool and the check skipped without it; the checks the build
 * runs later (infra/lint.sh here) then skip in silence, and say it themselves only when run by hand.
 */
class OptionalToolsTest {
    private static final String VERIFY = "org.codehaus.plexus.classworlds.launcher.Launcher -B verify";

    @Test
    void oneLineNamesEveryMissingToolAndTheCheckItSkips(@TempDir Path bin) throws Exception {
        Run run = run(bin, Map.of(), "infra/optional-tools.sh", VERIFY, "false", "false", "false");
        assertEquals(0, run.exit());
        List<String> lines = run.output().lines().toList();
        assertEquals(1, lines.size(), run.output());
        String line = lines.getFirst();
        assertTrue(line.startsWith("optional tools missing: shellcheck (lint skipped; "), line);
        assertTrue(line.contains("qemu-aarch64-static (aarch64 kernel tests skipped; "), line);
        assertTrue(line.contains("terraform (terraform checks skipped)"), line);
        assertTrue(line.contains("node (terraform checks skipped)"), line);
    }

    @Test
    void nothingUnderDevModeNorForChecksTheBuildLeavesOut(@TempDir Path bin) throws Exception {
        Run dev = run(bin, Map.of(), "infra/optional-tools.sh", "launcher quarkus:dev", "false", "false", "false");
        assertEquals("", dev.output());
        Run skipped = run(bin, Map.of(), "infra/optional-tools.sh", VERIFY, "true", "true", "true");
        assertEquals("", skipped.output());
    }

    @Test
    void theLintIsSilentAboutAToolTheBuildAlreadyNamedAndSaysItWhenRunByHand(@TempDir Path bin) throws Exception {
        Run inBuild = run(bin, Map.of("OPTIONAL_TOOLS_NAMED", "1"), "infra/lint.sh");
        assertEquals(0, inBuild.exit());
        assertEquals("", inBuild.output());
        Run byHand = run(bin, Map.of(), "infra/lint.sh");
        assertEquals(0, byHand.exit());
        assertTrue(byHand.output().contains("lint skipped: shellcheck is missing"), byHand.output());
    }

    private record Run(int exit, String output) {}

    /** The script under bash with a PATH of bash and the few commands the scripts use, none of the optional tools. */
    private static Run run(Path bin, Map<String, String> env, String script, String... args)
            throws IOException, InterruptedException {
        for (String tool : List.of("bash", "dirname", "cat")) {
            Path link = bin.resolve(tool);
            if (Files.notExists(link)) Files.createSymbolicLink(link, which(tool));
        }
        List<String> command = new ArrayList<>(List.of(bin.resolve("bash").toString(), script));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("PATH", bin.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), script + " ended");
        return new Run(p.exitValue(), output);
    }

    private static Path which(String tool) {
        for (String dir : System.getenv("PATH").split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(dir, tool);
            if (Files.isExecutable(candidate)) return candidate;
        }
        throw new AssertionError(tool + " not on PATH");
    }
}
