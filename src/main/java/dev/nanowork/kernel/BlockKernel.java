package dev.nanowork.kernel;

import dev.nanowork.work.Root;

/**
 * What every generated kernel shares: the per-root set-up and the walk over a nonce range in blocks of
 * {@code lanes * states} nonces. The generated subclasses (one per {@link KernelVariant}, written by {@code KernelGenerator} in
 * src/generator) supply only the block hash, where the round code is.
 */
public abstract class BlockKernel implements WorkKernel {
    private final String name;
    private final int lanes;
    private final int states;
    private final int constantLanes;

    /**
     * @param constantLanes how many copies of each {@link RootConstants} value the hash reads (the vector
     *     kernels load them ready broadcast: a scalar operand broadcast in the method costs C1 registers)
     */
    protected BlockKernel(String name, int lanes, int states, int constantLanes) {
        this.name = name;
        this.lanes = lanes;
        this.states = states;
        this.constantLanes = constantLanes;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int lanes() {
        return lanes;
    }

    @Override
    public final int states() {
        return states;
    }

    /**
     * Hashes the block of {@code lanes * states} nonces starting at {@code base} (lane {@code i} of state
     * {@code s} hashes {@code base + s * lanes + i}). When any value reaches {@code threshold} (unsigned; 0
     * makes every block report) it returns true, with all of them written, in nonce order, to {@code values}
     * (a kernel may write them on every block: they are read only after a true).
     *
     * @param k the {@link RootConstants}, each repeated {@code constantLanes} times
     * @param state this thread's scratch of {@code 17 * lanes * states} longs, where the round methods hand
     *     the state words (and the nonce) over
     */
    protected abstract boolean hash(long[] k, long[] state, long base, long threshold, long[] values);

    /**
     * The length of a thread's scratch array: {@code 17 * lanes * states} by default; kernels that keep more
     * there (the loop kernels' message schedule) say so.
     */
    protected int scratchLength() {
        return 17 * lanes * states;
    }

    /** Fills what a thread's scratch holds for the whole root (nothing by default). */
    protected void prepare(long[] k, long[] state) {}

    private long[] scratch(long[] k) {
        long[] state = new long[scratchLength()];
        prepare(k, state);
        return state;
    }

    @Override
    public final RootSearch forRoot(Root root) {
        long[] words = RootConstants.of(root);
        long[] k = new long[words.length * constantLanes];
        for (int i = 0; i < k.length; i++) k[i] = words[i / constantLanes];
        int block = lanes * states;
        return new RootSearch() {
            @Override
            public long search(long start, long count, long threshold) {
                long[] state = scratch(k);
                long[] values = new long[block];
                for (long i = 0; i < count; i += block) {
                    if (hash(k, state, start + i, threshold, values)) {
                        long inRange = Math.min(block, count - i);
                        for (int j = 0; j < inRange; j++) {
                            if (Long.compareUnsigned(values[j], threshold) >= 0) return i + j;
                        }
                    }
                }
                return NOT_FOUND;
            }

            @Override
            public void values(long start, long[] out) {
                long[] state = scratch(k);
                long[] values = new long[block];
                for (int i = 0; i < out.length; i += block) {
                    hash(k, state, start + i, 0, values);
                    System.arraycopy(values, 0, out, i, Math.min(block, out.length - i));
                }
            }
        };
    }
}
