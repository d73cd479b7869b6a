package dev.nanowork.fuzz;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.work.Root;

/**
 * The scalar kernel looking at only the first {@link #LOOKED_AT} nonces of each batch, so that a search (or a
 * benchmark) notices its deadline within a fraction of a millisecond instead of one full batch (2^16 nonces,
 * ~10 ms with the scalar kernel): thousands of fuzzed requests then run in seconds. What it reports is
 * still true for the nonces it looked at, and WorkSearch re-checks every hit, so answers stay valid.
 */
final class QuickKernel implements WorkKernel {
    static final long LOOKED_AT = 1024;
    private final ScalarKernel scalar = new ScalarKernel();

    @Override
    public String name() {
        return "quick-scalar";
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
                return inner.search(start, Math.min(count, LOOKED_AT), threshold);
            }

            @Override
            public void values(long start, long[] out) {
                inner.values(start, out);
            }
        };
    }
}
