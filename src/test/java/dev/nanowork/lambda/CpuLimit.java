package dev.nanowork.lambda;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A CPU share like Lambda's at 512 MB: a cgroup v1 CPU quota where this user may make one, else one pinned CPU. */
record CpuLimit(Path cgroup, int percent) implements AutoCloseable {
    static CpuLimit create(int percent) {
        Path base = Path.of("/sys/fs/cgroup/cpu");
        Path group = base.resolve("nano-work-it-" + ProcessHandle.current().pid());
        try {
            if (Files.isWritable(base)) {
                Files.createDirectories(group);
                Files.writeString(group.resolve("cpu.cfs_period_us"), "100000");
                Files.writeString(group.resolve("cpu.cfs_quota_us"), Integer.toString(percent * 1000));
                return new CpuLimit(group, percent);
            }
        } catch (IOException | RuntimeException e) {
            // not allowed here: fall back to one CPU
        }
        return new CpuLimit(null, percent);
    }

    String description() {
        return cgroup != null
                ? "cgroup CPU quota " + percent + "% of one core, 1 CPU"
                : "1 CPU pinned (no cgroup quota allowed here)";
    }

    /** The command's prefix that applies the limit. */
    List<String> prefix() {
        List<String> prefix = new ArrayList<>();
        if (cgroup != null)
            prefix.addAll(List.of(
                    "sh",
                    "-c",
                    "echo $$ > \"$0\" && exec \"$@\"",
                    cgroup.resolve("cgroup.procs").toString()));
        prefix.addAll(List.of("taskset", "-c", "0"));
        return prefix;
    }

    @Override
    public void close() throws IOException {
        // The kernel frees the group once its last process is reaped; a cgroup directory goes with rmdir.
        for (int i = 0; cgroup != null && Files.exists(cgroup); i++) {
            try {
                Files.delete(cgroup);
            } catch (IOException e) {
                if (i >= 50) throw e;
                java.util.concurrent.locks.LockSupport.parkNanos(100_000_000L);
            }
        }
    }
}
