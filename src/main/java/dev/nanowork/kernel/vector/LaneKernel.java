package dev.nanowork.kernel.vector;

import dev.nanowork.kernel.MessageSchedule;
import dev.nanowork.kernel.RootConstants;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.work.Root;

/**
 * What every vector kernel shares: the per-root set-up and the walk over a nonce range in blocks of
 * {@code lanes * states} nonces. The generated subclasses (one per width, from
 * {@code src/main/vector-templates}) supply only the block hash, which is where the Vector API is used.
 */
abstract class LaneKernel implements WorkKernel {
    private final String name;
    private final int lanes;
    private final int states;

    LaneKernel(String name, int lanes, int states) {
        this.name = name;
        this.lanes = lanes;
        this.states = states;
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
     * Hashes the block of {@code lanes * states} nonces starting at {@code base}. When any value reaches
     * {@code threshold} (unsigned; 0 makes every block report) it writes all of them, in nonce order, to
     * {@code values} and returns true.
     *
     * @param constants the {@link RootConstants}, each broadcast to {@code lanes} longs
     * @param message this thread's array from {@link MessageSchedule#forRoot}; its nonce positions are overwritten
     * @param state this thread's scratch of {@code 16 * lanes} longs
     */
    abstract boolean hash(long[] constants, long[] message, long[] state, long base, long threshold, long[] values);

    /** Each of {@code words} repeated {@code lanes} times, ready for {@code LongVector.fromArray}. */
    static long[] broadcast(int lanes, long... words) {
        long[] out = new long[words.length * lanes];
        for (int i = 0; i < out.length; i++) out[i] = words[i / lanes];
        return out;
    }

    @Override
    public final RootSearch forRoot(Root root) {
        long[] constants = broadcast(lanes, RootConstants.of(root));
        int block = lanes * states;
        return new RootSearch() {
            @Override
            public long search(long start, long count, long threshold) {
                long[] message = MessageSchedule.forRoot(root, lanes);
                long[] state = new long[16 * lanes];
                long[] values = new long[block];
                for (long i = 0; i < count; i += block) {
                    if (hash(constants, message, state, start + i, threshold, values)) {
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
                long[] message = MessageSchedule.forRoot(root, lanes);
                long[] state = new long[16 * lanes];
                long[] values = new long[block];
                for (int i = 0; i < out.length; i += block) {
                    hash(constants, message, state, start + i, 0, values);
                    System.arraycopy(values, 0, out, i, Math.min(block, out.length - i));
                }
            }
        };
    }
}
