package dev.nanowork.support;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.work.Root;

/**
 * A test kernel that changes how {@code search} answers (shorter batches, injected faults, lies) while
 * {@code values} stay the scalar kernel's: one lane, one state, the scalar kernel at hand for the real work.
 */
public abstract class ScalarBackedKernel implements WorkKernel {
    private final String name;
    private final ScalarKernel scalar = new ScalarKernel();

    protected ScalarBackedKernel(String name) {
        this.name = name;
    }

    /** The scalar kernel, counting its {@code search} calls (batches) in {@code calls}: did anything search? */
    public static WorkKernel counting(java.util.concurrent.atomic.AtomicLong calls) {
        return new ScalarBackedKernel("counting-scalar") {
            @Override
            protected long search(RootSearch scalar, long start, long count, long threshold) {
                calls.incrementAndGet();
                return scalar.search(start, count, threshold);
            }
        };
    }

    /** Answers one {@code search} call; {@code scalar} is the real kernel for the same root. */
    protected abstract long search(RootSearch scalar, long start, long count, long threshold);

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int lanes() {
        return 1;
    }

    @Override
    public final int states() {
        return 1;
    }

    @Override
    public final RootSearch forRoot(Root root) {
        RootSearch inner = scalar.forRoot(root);
        return new RootSearch() {
            @Override
            public long search(long start, long count, long threshold) {
                return ScalarBackedKernel.this.search(inner, start, count, threshold);
            }

            @Override
            public void values(long start, long[] out) {
                inner.values(start, out);
            }
        };
    }
}
