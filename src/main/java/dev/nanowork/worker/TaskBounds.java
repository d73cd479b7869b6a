package dev.nanowork.worker;

import dev.nanowork.fanout.WorkerTask;
import dev.nanowork.work.Difficulty;
import java.time.Duration;
import java.util.Optional;

/**
 * What a worker searches at most: the function's difficulty range (as work_generate's), and no longer than the
 * invocation may run. A task outside them is refused before any search, whoever sent it.
 */
record TaskBounds(Difficulty min, Difficulty max) {
    /** Lambda's longest timeout: no invocation has more left. */
    static final Duration LONGEST_INVOCATION = Duration.ofMinutes(15);

    /**
     * What a worker searches for when the record wants {@code wanted}: nothing above the function's highest difficulty
     * (only a record written by something other than this code can ask for it: the worker does not follow it), and
     * never below the lowest.
     */
    Optional<Difficulty> held(Optional<Difficulty> wanted) {
        return wanted.filter(d -> d.compareTo(max) <= 0).map(d -> d.compareTo(min) < 0 ? min : d);
    }

    /**
     * @param nowMillis the epoch time now
     * @param remainingMillis the invocation's remaining time (Lambda's context)
     * @throws WorkerRefusal saying which bound {@code task} is outside
     */
    void check(WorkerTask task, long nowMillis, long remainingMillis) {
        Difficulty d = task.difficulty();
        if (d.compareTo(min) < 0 || d.compareTo(max) > 0)
            throw new WorkerRefusal("difficulty " + d + " is outside nano-work.min-difficulty " + min
                    + " to nano-work.max-difficulty " + max);
        long left = task.deadlineEpochMillis() - nowMillis;
        if (left <= 0) throw new WorkerRefusal("deadline passed " + -left + " ms ago");
        long allowed = Math.min(remainingMillis, LONGEST_INVOCATION.toMillis());
        if (left > allowed)
            throw new WorkerRefusal(
                    "deadline is " + left + " ms away, later than the invocation's " + allowed + " ms remaining");
    }
}
