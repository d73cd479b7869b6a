package dev.nanowork.fault;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.work.Root;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The scalar kernel with faults switched on by the test: a number of calls that throw, or a lie (it
 * reports the first nonce of every batch as a hit, whatever its value). It records which threads called it.
 */
final class FaultyKernel implements WorkKernel {
    final AtomicInteger throwsLeft = new AtomicInteger();
    volatile boolean lies;
    final Set<String> callers = ConcurrentHashMap.newKeySet();
    private final ScalarKernel scalar = new ScalarKernel();

    @Override
    public String name() {
        return "faulty";
    }

    @Override
    public int lanes() {
        return 1;
    }

    @Override
    public int states() {
        return 1;
    }

    @Override
    public RootSearch forRoot(Root root) {
        RootSearch inner = scalar.forRoot(root);
        return new RootSearch() {
            @Override
            public long search(long start, long count, long threshold) {
                callers.add(Thread.currentThread().getName());
                if (throwsLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) throw new IllegalStateException("injected kernel fault");
                if (lies) return 0;
                return inner.search(start, Math.min(count, 4096), threshold); // short batches: stops are noticed within ~1 ms
            }

            @Override
            public void values(long start, long[] out) {
                inner.values(start, out);
            }
        };
    }
}
