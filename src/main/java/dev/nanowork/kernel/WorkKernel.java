package dev.nanowork.kernel;

import dev.nanowork.work.Root;

/**
 * A backend that computes work values for many nonces at once. Every backend gives the same answers
 * as the scalar reference {@link dev.nanowork.work.WorkValue}, lane for lane; they differ in speed.
 */
public interface WorkKernel {
    /** What {@link RootSearch#search} answers when no nonce of the range reaches the threshold. */
    long NOT_FOUND = -1L;

    /** The variant's name in the configuration and on the wire ({@link KernelVariant#wireName}), e.g. {@code vector512x2}. */
    String name();

    /** Nonces per vector (1 for scalar). */
    int lanes();

    /** Independent states interleaved per loop iteration, to hide instruction latency. */
    int states();

    /**
     * Does the per-root work that does not depend on the nonce, once per request. The result is
     * immutable and may be used by several threads at once.
     */
    RootSearch forRoot(Root root);

    /** A kernel bound to one root. */
    interface RootSearch {
        /**
         * The offset {@code i} in {@code [0, count)} of the first nonce {@code start + i} (mod 2^64) whose
         * value reaches {@code threshold} (unsigned), or {@link #NOT_FOUND}. This is the hot loop.
         *
         * @param count at most 2^62 nonces
         */
        long search(long start, long count, long threshold);

        /** Writes the work values of nonces {@code start, start + 1, ...} (mod 2^64) into {@code out}. */
        void values(long start, long[] out);
    }

    /** {@code "vector512x2 (8 lanes x 2 states)"}, for logs. */
    default String describe() {
        return name() + " (" + lanes() + (lanes() == 1 ? " lane" : " lanes") + " x " + states()
                + (states() == 1 ? " state)" : " states)");
    }
}
