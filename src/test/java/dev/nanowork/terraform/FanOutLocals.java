package dev.nanowork.terraform;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What terraform/stacks/work-api/fan-out.tf computes from the fan-out's settings, for the generated documentation:
 * each variant's worker slots and the work records' maximum throughput. The arithmetic is done here (the suite has no
 * Terraform evaluator), after checking that fan-out.tf's locals still say the same, so that a change there stops the
 * generator with the local to follow rather than letting it print figures Terraform no longer deploys.
 */
final class FanOutLocals {
    static final String FILE = "terraform/stacks/work-api/fan-out.tf";
    static final String WORKER_SLOTS =
            "coalesce(var.fan_out.worker_reserved_concurrency, var.fan_out.max_workers * var.fan_out.concurrent_works)";
    static final String EXECUTIONS = "variant.generate_reserved_concurrency + local.worker_reserved_concurrency";
    private static final Pattern READS =
            Pattern.compile("ceil\\(local\\.record_executions \\* 1000 / local\\.record_poll_ms \\* ([0-9.]+)\\)");

    private final TerraformDir stack;

    FanOutLocals(TerraformDir stack) {
        this.stack = stack;
    }

    /** Each variant's worker slots: {@code worker_reserved_concurrency} when set, else max_workers x concurrent_works. */
    int workerSlots(Integer given, int maxWorkers, int concurrentWorks) {
        require("worker_reserved_concurrency", WORKER_SLOTS);
        return given != null ? given : maxWorkers * concurrentWorks;
    }

    /** Reads a second the table allows: every generate and worker slot reading once per poll, times the extra reads. */
    long readsPerSecond(int executions, long pollMillis) {
        require("record_executions", EXECUTIONS);
        return (long) Math.ceil(executions * 1000.0 / pollMillis * readsPerPoll());
    }

    /** Reads per poll and execution, the claims, joins and withdrawals included (1.25: a quarter more). */
    double readsPerPoll() {
        String reads = text("record_max_reads_per_second");
        Matcher m = READS.matcher(reads);
        if (!m.find()) throw changed("record_max_reads_per_second", READS.pattern(), reads);
        return Double.parseDouble(m.group(1));
    }

    /** Writes a second the table allows: a number in fan-out.tf. */
    long writesPerSecond() {
        String writes = text("record_max_writes_per_second");
        if (!writes.matches("[0-9]+")) throw changed("record_max_writes_per_second", "a whole number", writes);
        return Long.parseLong(writes);
    }

    private void require(String local, String expected) {
        String text = text(local);
        if (!text.replaceAll("\\s+", " ").contains(expected)) throw changed(local, expected, text);
    }

    private String text(String local) {
        return HclText.expression(stack.local(local));
    }

    private static IllegalStateException changed(String local, String expected, String found) {
        return new IllegalStateException(FILE + "'s local." + local + " is no longer " + expected + " (it is " + found
                + "): make dev.nanowork.terraform.FanOutLocals compute what it does, then run infra/docs.sh");
    }
}
