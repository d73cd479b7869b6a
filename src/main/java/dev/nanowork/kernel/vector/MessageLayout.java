package dev.nanowork.kernel.vector;

import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;

/**
 * Where the vector kernels find their message words. Of BLAKE2b's 16 message words only m0 (the nonce,
 * different in every lane) and m1..m4 (the root, the same in every lane) are non-zero, so each state
 * keeps six slots of {@code lanes} longs: the nonces, the four root words broadcast, and zeros. Rounds
 * 1-11 read them through {@link #schedule}, so the round loop needs no branch on the schedule.
 */
final class MessageLayout {
    static final int NONCE = 0, ZERO = 5, SLOTS = 6;

    private MessageLayout() {}

    /** Offset of state {@code state}'s slots. */
    static int stateOffset(int state, int lanes) {
        return state * SLOTS * lanes;
    }

    /** For round r and position k of SIGMA, the offset of the word's slot, at index 16 r + k. */
    static int[] schedule(int lanes) {
        int[] offsets = new int[WorkValue.ROUNDS * 16];
        for (int r = 0; r < WorkValue.ROUNDS; r++) {
            for (int k = 0; k < 16; k++) {
                int word = WorkValue.SIGMA[r][k];
                offsets[16 * r + k] = (word <= 4 ? word : ZERO) * lanes;
            }
        }
        return offsets;
    }

    /** A fresh message array for one thread: root words filled in, nonce slots to be written per block. */
    static long[] forRoot(Root root, int lanes, int states) {
        long[] message = new long[states * SLOTS * lanes];
        for (int s = 0; s < states; s++) {
            for (int w = 1; w <= 4; w++) {
                java.util.Arrays.fill(message, stateOffset(s, lanes) + w * lanes,
                        stateOffset(s, lanes) + (w + 1) * lanes, root.word(w - 1));
            }
        }
        return message;
    }
}
