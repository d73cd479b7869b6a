package dev.nanowork.support;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Runs a blocking call on a thread of its own. Not {@code CompletableFuture.supplyAsync(s)}: that uses the
 * common pool, which has one thread on a 2-core machine, so a second blocking caller would wait behind the
 * first instead of running beside it (a test of two callers of one search then times out).
 */
public final class OwnThread {
    private OwnThread() {}

    public static <T> CompletableFuture<T> supply(Supplier<T> call) {
        return CompletableFuture.supplyAsync(
                call, task -> Thread.ofPlatform().daemon().name("test-caller").start(task));
    }
}
