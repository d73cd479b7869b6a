package dev.nanowork.fault;

import dev.nanowork.support.ScalarBackedKernel;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The scalar kernel with faults switched on by the test: a number of calls that throw, or a lie (it
 * reports the first nonce of every batch as a hit, whatever its value). It records which threads called it.
 */
final class FaultyKernel extends ScalarBackedKernel {
    final AtomicInteger throwsLeft = new AtomicInteger();
    volatile boolean lies;
    final Set<String> callers = ConcurrentHashMap.newKeySet();

    FaultyKernel() {
        super("faulty");
    }

    @Override
    protected long search(RootSearch scalar, long start, long count, long threshold) {
        callers.add(Thread.currentThread().getName());
        if (throwsLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0)
            throw new IllegalStateException("injected kernel fault");
        if (lies) return 0;
        return scalar.search(start, Math.min(count, 4096), threshold); // short batches: stops are noticed within ~1 ms
    }
}
