package dev.nanowork.kernel;

import static dev.nanowork.work.WorkValue.H0;
import static dev.nanowork.work.WorkValue.IV0;
import static dev.nanowork.work.WorkValue.IV4;
import static dev.nanowork.work.WorkValue.V12;

import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;

/**
 * One nonce at a time in plain Java: the fallback that runs on every JVM, specialised to Nano's shape the
 * same way as the vector kernels (round 0 from {@link RootConstants}, rounds 1-11 as one loop over the
 * message words in schedule order ({@link MessageSchedule}), the state in 16 local variables, G functions
 * two at a time statement by statement so that two dependency chains overlap: +8% measured over one at a
 * time, and four at a time gains nothing more with 16 general registers). {@link WorkValue} stays the plain reference it is
 * checked against.
 */
public final class ScalarKernel implements WorkKernel {
    private static final int[] NONCE_POSITIONS = MessageSchedule.noncePositions();

    @Override
    public String name() {
        return "scalar";
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
        long[] constants = RootConstants.of(root);
        return new RootSearch() {
            @Override
            public long search(long start, long count, long threshold) {
                long[] m = message(root);
                for (long i = 0; i < count; i++) {
                    if (Long.compareUnsigned(value(constants, m, start + i), threshold) >= 0) return i;
                }
                return NOT_FOUND;
            }

            @Override
            public void values(long start, long[] out) {
                long[] m = message(root);
                for (int i = 0; i < out.length; i++) out[i] = value(constants, m, start + i);
            }
        };
    }

    private static long[] message(Root root) {
        return MessageSchedule.forRoot(root, 1);
    }

    private static long value(long[] k, long[] m, long nonce) {
        for (int p : NONCE_POSITIONS) m[p] = nonce;
        // Round 0, column step: only G(0, 4, 8, 12) reads the nonce; the other columns are in k.
        long v0 = nonce + (H0 + IV4);
        long v12 = Long.rotateRight(v0 ^ V12, 32);
        long v8 = v12 + IV0;
        long v4 = Long.rotateRight(v8 ^ IV4, 24);
        v0 += v4 + k[RootConstants.M1];
        v12 = Long.rotateRight(v12 ^ v0, 16);
        v8 += v12;
        v4 = Long.rotateRight(v4 ^ v8, 63);
        // Round 0, diagonal G(0, 5, 10, 15).
        long c5 = k[RootConstants.C5];
        v0 += c5;
        long v15 = Long.rotateRight(v0 ^ k[RootConstants.C15], 32);
        long v10 = v15 + k[RootConstants.C10];
        long v5 = Long.rotateRight(v10 ^ c5, 24);
        v0 += v5;
        v15 = Long.rotateRight(v15 ^ v0, 16);
        v10 += v15;
        v5 = Long.rotateRight(v5 ^ v10, 63);
        // Round 0, diagonal G(1, 6, 11, 12), starting from a = c1 + c6 (A5).
        long a5 = k[RootConstants.A5];
        v12 = Long.rotateRight(v12 ^ a5, 32);
        long v11 = v12 + k[RootConstants.C11];
        long v6 = Long.rotateRight(v11 ^ k[RootConstants.C6], 24);
        long v1 = v6 + a5;
        v12 = Long.rotateRight(v12 ^ v1, 16);
        v11 += v12;
        v6 = Long.rotateRight(v6 ^ v11, 63);
        // Round 0, diagonal G(2, 7, 8, 13), starting from a = A6, d = D6.
        long d6 = k[RootConstants.D6];
        v8 += d6;
        long v7 = Long.rotateRight(v8 ^ k[RootConstants.C7], 24);
        long v2 = v7 + k[RootConstants.A6];
        long v13 = Long.rotateRight(v2 ^ d6, 16);
        v8 += v13;
        v7 = Long.rotateRight(v7 ^ v8, 63);
        // Round 0, diagonal G(3, 4, 9, 14).
        long v3 = v4 + k[RootConstants.C3];
        long v14 = Long.rotateRight(v3 ^ k[RootConstants.C14], 32);
        long v9 = v14 + k[RootConstants.C9];
        v4 = Long.rotateRight(v4 ^ v9, 24);
        v3 += v4;
        v14 = Long.rotateRight(v14 ^ v3, 16);
        v9 += v14;
        v4 = Long.rotateRight(v4 ^ v9, 63);
        for (int o = 0; o < MessageSchedule.POSITIONS; o += 16) { // rounds 1-11
            // G(0, 4, 8, 12) and G(1, 5, 9, 13)
            v0 += v4 + m[o + 0];
            v1 += v5 + m[o + 2];
            v12 = Long.rotateRight(v12 ^ v0, 32);
            v13 = Long.rotateRight(v13 ^ v1, 32);
            v8 += v12;
            v9 += v13;
            v4 = Long.rotateRight(v4 ^ v8, 24);
            v5 = Long.rotateRight(v5 ^ v9, 24);
            v0 += v4 + m[o + 1];
            v1 += v5 + m[o + 3];
            v12 = Long.rotateRight(v12 ^ v0, 16);
            v13 = Long.rotateRight(v13 ^ v1, 16);
            v8 += v12;
            v9 += v13;
            v4 = Long.rotateRight(v4 ^ v8, 63);
            v5 = Long.rotateRight(v5 ^ v9, 63);
            // G(2, 6, 10, 14) and G(3, 7, 11, 15)
            v2 += v6 + m[o + 4];
            v3 += v7 + m[o + 6];
            v14 = Long.rotateRight(v14 ^ v2, 32);
            v15 = Long.rotateRight(v15 ^ v3, 32);
            v10 += v14;
            v11 += v15;
            v6 = Long.rotateRight(v6 ^ v10, 24);
            v7 = Long.rotateRight(v7 ^ v11, 24);
            v2 += v6 + m[o + 5];
            v3 += v7 + m[o + 7];
            v14 = Long.rotateRight(v14 ^ v2, 16);
            v15 = Long.rotateRight(v15 ^ v3, 16);
            v10 += v14;
            v11 += v15;
            v6 = Long.rotateRight(v6 ^ v10, 63);
            v7 = Long.rotateRight(v7 ^ v11, 63);
            // G(0, 5, 10, 15) and G(1, 6, 11, 12)
            v0 += v5 + m[o + 8];
            v1 += v6 + m[o + 10];
            v15 = Long.rotateRight(v15 ^ v0, 32);
            v12 = Long.rotateRight(v12 ^ v1, 32);
            v10 += v15;
            v11 += v12;
            v5 = Long.rotateRight(v5 ^ v10, 24);
            v6 = Long.rotateRight(v6 ^ v11, 24);
            v0 += v5 + m[o + 9];
            v1 += v6 + m[o + 11];
            v15 = Long.rotateRight(v15 ^ v0, 16);
            v12 = Long.rotateRight(v12 ^ v1, 16);
            v10 += v15;
            v11 += v12;
            v5 = Long.rotateRight(v5 ^ v10, 63);
            v6 = Long.rotateRight(v6 ^ v11, 63);
            // G(2, 7, 8, 13) and G(3, 4, 9, 14)
            v2 += v7 + m[o + 12];
            v3 += v4 + m[o + 14];
            v13 = Long.rotateRight(v13 ^ v2, 32);
            v14 = Long.rotateRight(v14 ^ v3, 32);
            v8 += v13;
            v9 += v14;
            v7 = Long.rotateRight(v7 ^ v8, 24);
            v4 = Long.rotateRight(v4 ^ v9, 24);
            v2 += v7 + m[o + 13];
            v3 += v4 + m[o + 15];
            v13 = Long.rotateRight(v13 ^ v2, 16);
            v14 = Long.rotateRight(v14 ^ v3, 16);
            v8 += v13;
            v9 += v14;
            v7 = Long.rotateRight(v7 ^ v8, 63);
            v4 = Long.rotateRight(v4 ^ v9, 63);
        }
        return H0 ^ v0 ^ v8;
    }
}
