package dev.nanowork.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * infra/cost.sh is never silent (issue 44: it ran 166 s without a word): it says first how long it will take, from
 * the last run's time, and infra/lib/progress.sh ticks on stderr while Maven compiles quietly.
 */
class CostProgressTest {
    @Test
    void aQuietStepTicksWhileItRunsAndSaysHowLongItTook() throws Exception {
        Run run = bash("PROGRESS_EVERY=1 progress_run 'cost: compiling' sleep 3.5; echo \"status $?\"; sleep 1.5");
        List<String> err = run.stderr().lines().toList();
        List<Integer> ticks = err.stream()
                .filter(l -> l.matches("cost: compiling: \\d+ s so far"))
                .map(l -> Integer.valueOf(l.replaceAll("\\D", "")))
                .toList();
        assertTrue(ticks.size() >= 2 && ticks.equals(ticks.stream().sorted().toList()), run.stderr());
        assertEquals(ticks.size() + 1, err.size(), "nothing else said: " + run.stderr());
        // the last line, a second and a half after the step: the ticker stopped with it
        assertTrue(err.getLast().matches("cost: compiling: done in [34] s"), run.stderr());
        assertEquals("status 0\n", run.stdout(), "stdout keeps the step's own output");
        Run failed = bash("progress_run step false || echo \"status $?\"");
        assertEquals("status 1\n", failed.stdout(), "a failing step's status passes through");
    }

    @Test
    void theDurationSaidUpFrontIsTheLastRunsAndTheFirstRunSaysWhatItCosts(@TempDir Path dir) throws Exception {
        Path last = dir.resolve("cost-run-seconds");
        Run first = bash("progress_about cost '" + last + "' 'about 3 minutes the first time'");
        assertEquals("cost: about 3 minutes the first time\n", first.stderr());
        Run record = bash("progress_record '" + last + "' $(( $(date +%s) - 42 ))");
        assertEquals(0, record.exit(), record.stderr());
        assertEquals("42", Files.readString(last).strip());
        Run next = bash("progress_about cost '" + last + "' 'unused'");
        assertEquals("cost: about 42 s (the last run here took 42 s; " + last + ")\n", next.stderr());
    }

    /**
     * The script says it before Maven starts, ticks through both quiet steps (infra/lib/cost-profile.sh, which the
     * dashboard's script shares), and records a run that succeeded.
     */
    @Test
    void costShUsesThem() throws IOException {
        String script = Files.readString(Path.of("infra/cost.sh"));
        int about = script.indexOf("progress_about cost target/cost-run-seconds");
        int run = script.indexOf("cost_profile_run cost dev.nanowork.cost.CostMain report \"$@\"");
        int record = script.indexOf("progress_record target/cost-run-seconds \"$start\"");
        assertTrue(about > 0 && about < run && run < record, script);
        assertTrue(script.contains(". infra/lib/cost-profile.sh"), script);
        String profile = Files.readString(Path.of("infra/lib/cost-profile.sh"));
        int compile =
                profile.indexOf("progress_run \"$name: compiling (Maven test-compile)\" \"${mvn[@]}\" test-compile");
        int step = profile.indexOf("progress_run \"$name: $step\" \"${mvn[@]}\" exec:exec@cost");
        assertTrue(compile > 0 && compile < step, profile);
        assertTrue(profile.contains(". infra/lib/progress.sh"), profile);
    }

    private record Run(int exit, String stdout, String stderr) {}

    private static Run bash(String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", "set -euo pipefail; . infra/lib/progress.sh; " + command).start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("bash did not finish: " + command);
        }
        return new Run(
                p.exitValue(),
                new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
