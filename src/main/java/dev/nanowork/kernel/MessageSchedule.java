package dev.nanowork.kernel;

import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;
import java.util.Arrays;

/**
 * The message words of rounds 1-11 in the order the rounds read them: position {@code 16 (r - 1) + k} holds
 * message word {@code SIGMA[r][k]}, as {@code lanes} copies. The round loop then reads position
 * {@code o + k} with {@code o} its induction variable, so C2 hoists the range checks out of the loop; a
 * schedule looked up through an index table cost a load, a compare and a branch per message word (measured:
 * 16 of them per round, a fifth of the loop's instructions).
 *
 * <p>Of the 16 message words only m0 (the nonce) and m1..m4 (the root) are non-zero. The root words are
 * filled in once per root; the nonce, which every round reads once, is written at the 11
 * {@link #NONCE_POSITIONS} per block of nonces.
 */
public final class MessageSchedule {
    /** Rounds 1-11 are the loop; round 0 is specialised (see {@link RootConstants}). */
    public static final int POSITIONS = 16 * (WorkValue.ROUNDS - 1);

    private static final int[] NONCE_POSITIONS = positionsOf(0);

    private MessageSchedule() {}

    /** The 11 positions where the rounds 1-11 read m0, the nonce. */
    public static int[] noncePositions() {
        return NONCE_POSITIONS.clone();
    }

    /** A fresh array for one thread: {@code POSITIONS * lanes} longs, root words filled in, nonces zero. */
    public static long[] forRoot(Root root, int lanes) {
        long[] message = new long[POSITIONS * lanes];
        for (int p = 0; p < POSITIONS; p++) {
            int word = WorkValue.SIGMA[1 + p / 16][p % 16];
            if (word >= 1 && word <= 4) Arrays.fill(message, p * lanes, (p + 1) * lanes, root.word(word - 1));
        }
        return message;
    }

    private static int[] positionsOf(int word) {
        int[] positions = new int[WorkValue.ROUNDS - 1];
        int n = 0;
        for (int p = 0; p < POSITIONS; p++) {
            if (WorkValue.SIGMA[1 + p / 16][p % 16] == word) positions[n++] = p;
        }
        if (n != positions.length) throw new AssertionError("SIGMA reads each word once per round");
        return positions;
    }
}
