package dev.nanowork.worker;

import dev.nanowork.fanout.WorkerTask;
import dev.nanowork.fanout.WorkerTasks;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

/** What the worker tests share: tasks, the bounds, a worker over a given search and records. */
final class WorkerTestTasks {
    /** About 4,096 attempts: found within milliseconds by the scalar kernel. */
    static final Difficulty EASY = new Difficulty(0xfff0000000000000L);
    /** Practically unreachable: only a value of 2^64 - 1 reaches it. */
    static final Difficulty UNREACHABLE = new Difficulty(-1L);

    static final TaskBounds ANY = new TaskBounds(new Difficulty(0), UNREACHABLE);
    static final Duration POLL = Duration.ofMillis(20);
    static final long REMAINING = 60_000;

    private WorkerTestTasks() {}

    static WorkerSearch worker(WorkSearch search, WorkRecords records) {
        return new WorkerSearch(search, records, ANY, POLL);
    }

    static WorkSearch scalar() {
        return new WorkSearch(new ScalarKernel(), 2);
    }

    static String newSearchId() {
        return UUID.randomUUID().toString();
    }

    static byte[] payload(Root root, Difficulty difficulty, String searchId, long start, long deadlineInMillis) {
        return WorkerTasks.write(new WorkerTask(
                        root, difficulty, searchId, start, System.currentTimeMillis() + deadlineInMillis))
                .getBytes(StandardCharsets.UTF_8);
    }
}
