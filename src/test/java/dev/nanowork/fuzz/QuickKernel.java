package dev.nanowork.fuzz;

import dev.nanowork.support.ScalarBackedKernel;

/**
 * The scalar kernel looking at only the first {@link #LOOKED_AT} nonces of each batch, so that a search (or a
 * benchmark) notices its deadline within a fraction of a millisecond instead of one full batch (2^16 nonces,
 * ~10 ms with the scalar kernel): thousands of fuzzed requests then run in seconds. What it reports is
 * still true for the nonces it looked at, and WorkSearch re-checks every hit, so answers stay valid.
 */
final class QuickKernel extends ScalarBackedKernel {
    static final long LOOKED_AT = 1024;

    QuickKernel() {
        super("quick-scalar");
    }

    @Override
    protected long search(RootSearch scalar, long start, long count, long threshold) {
        return scalar.search(start, Math.min(count, LOOKED_AT), threshold);
    }
}
