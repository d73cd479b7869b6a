package dev.nanowork.kernel;


import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;

/**
 * The part of round 0 that does not depend on the nonce, computed once per root for every fast kernel.
 *
 * <p>The nonce is message word m0 and round 0 reads it only in its first column, G(0, 4, 8, 12). The other
 * three columns read m2, m3, m4 (root words) and zeros, so after round 0's column step the words
 * v1-v3, v5-v7, v9-v11, v13-v15 are the same for every nonce ({@code cN} below is vN at that point). In
 * the diagonal step two more values are constant: G(1, 6, 11, 12) starts with {@code a = c1 + c6} (A5),
 * and G(2, 7, 8, 13) with {@code a = c2 + c7} (A6) and {@code d = ror(c13 ^ A6, 32)} (D6).
 */
public final class RootConstants {
    /** Indices into the array {@link #of} returns. M1 is root word 0 (message word m1). */
    public static final int M1 = 0, C3 = 1, C5 = 2, C6 = 3, C7 = 4, C9 = 5, C10 = 6, C11 = 7, C14 = 8, C15 = 9,
            A5 = 10, A6 = 11, D6 = 12;

    static final int LENGTH = 13;

    private RootConstants() {}

    /** The constants for {@code root}, indexed by the fields above. */
    public static long[] of(Root root) {
        long[] v = WorkValue.initialState();
        WorkValue.g(v, 1, 5, 9, 13, root.word(1), root.word(2));
        WorkValue.g(v, 2, 6, 10, 14, root.word(3), 0);
        WorkValue.g(v, 3, 7, 11, 15, 0, 0);
        long[] k = new long[LENGTH];
        k[M1] = root.word(0);
        k[C3] = v[3];
        k[C5] = v[5];
        k[C6] = v[6];
        k[C7] = v[7];
        k[C9] = v[9];
        k[C10] = v[10];
        k[C11] = v[11];
        k[C14] = v[14];
        k[C15] = v[15];
        k[A5] = v[1] + v[6];
        k[A6] = v[2] + v[7];
        k[D6] = Long.rotateRight(v[13] ^ k[A6], 32);
        return k;
    }
}
