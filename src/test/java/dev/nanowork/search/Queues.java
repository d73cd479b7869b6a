package dev.nanowork.search;

import static org.junit.jupiter.api.Assertions.fail;

import dev.nanowork.support.OwnThread;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** What the queue's tests share: roots, callers, deadlines, and waits that fail instead of hanging. */
final class Queues {
    private Queues() {}

    static final Difficulty UNREACHABLE = new Difficulty(-1L);
    static final long LONG = TimeUnit.SECONDS.toNanos(20);
    static final Caller ALICE = Caller.at("192.0.2.1");
    static final Caller MALLORY = Caller.at("192.0.2.66");

    static Root root(int b) {
        byte[] bytes = new byte[32];
        bytes[0] = (byte) b;
        return Root.of(bytes);
    }

    static long in(long millis) {
        return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    }

    /** Waits, at most 5 s, until {@code condition} holds: fails instead of hanging. */
    static void awaitThat(String what, BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - until > 0) fail("not within 5 s: " + what);
            Thread.sleep(1);
        }
    }

    /** Waits, at most 5 s, until the runner has taken the waiting search. */
    static void awaitTaken(WorkQueue queue) throws InterruptedException {
        awaitThat("the runner takes the waiting search", () -> queue.waiting() == 0 && queue.searching());
    }

    /** A waiter's answer, on another thread, so a test can wait for it with a timeout. */
    static CompletableFuture<SearchResult> answer(Waiter waiter) {
        return OwnThread.supply(() -> {
            try {
                return waiter.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    static SearchResult await(Waiter w) throws Exception {
        return answer(w).get(5, TimeUnit.SECONDS); // a stopped search ends within one batch (~10 ms with scalar)
    }
}
