package dev.nanowork.work;

/**
 * The scalar reference: the value of a work for a root, i.e. the little-endian u64 of
 * BLAKE2b-64(work as 8 bytes LE || root). It is the oracle every faster kernel and every answer is
 * checked against, so it is written for clarity; the speed lives in the kernels.
 *
 * <p>Nano's input is 40 bytes, so BLAKE2b runs one compression of one final 128-byte block with
 * message words m0 = work, m1..m4 = root, m5..m15 = 0, and only output word 0 is kept.
 */
public final class WorkValue {
    private WorkValue() {}

    /** BLAKE2b IV: the first 64 bits of the fractional parts of the square roots of the first 8 primes (RFC 7693 2.6). */
    public static final long IV0 = 0x6a09e667f3bcc908L,
            IV1 = 0xbb67ae8584caa73bL,
            IV2 = 0x3c6ef372fe94f82bL,
            IV3 = 0xa54ff53a5f1d36f1L,
            IV4 = 0x510e527fade682d1L,
            IV5 = 0x9b05688c2b3e6c1fL,
            IV6 = 0x1f83d9abfb41bd6bL,
            IV7 = 0x5be0cd19137e2179L;

    /**
     * Chaining word h0 after the parameter block: IV0 ^ 0x01010008, i.e. digest length 8 bytes (0x08),
     * key length 0 (0x00 << 8), fanout 1 (0x01 << 16), depth 1 (0x01 << 24). h1..h7 are IV1..IV7 since
     * the rest of the parameter block is zero.
     */
    public static final long H0 = IV0 ^ 0x01010008L;

    /** v12 = IV4 ^ t0 with t0 = 40, the input length in bytes (8 of work + 32 of root). */
    public static final long V12 = IV4 ^ 40L;

    /** v14 = IV6 ^ f0 with f0 = all ones: this is the final block. */
    public static final long V14 = ~IV6;

    /** BLAKE2b runs 12 rounds; rounds 10 and 11 reuse the schedules of rounds 0 and 1. */
    public static final int ROUNDS = 12;

    /** The message schedule SIGMA of RFC 7693 2.7, one row per round (rows 10 and 11 = rows 0 and 1). */
    @SuppressWarnings("MutablePublicArray") // the kernels read it while they set up; nothing writes it
    public static final int[][] SIGMA = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
        {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
        {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
        {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
        {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
        {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
        {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
        {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
        {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
        {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
        {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    };

    /** The value of {@code work} for {@code root}. */
    public static long value(Root root, Work work) {
        return value(root, work.value());
    }

    /** The value of work {@code work} (as a u64 number) for {@code root}. */
    public static long value(Root root, long work) {
        long[] m = new long[16];
        m[0] = work;
        for (int i = 0; i < 4; i++) m[1 + i] = root.word(i);

        long[] v = initialState();
        rounds(v, m);
        // Output word 0 only: h0' = h0 ^ v0 ^ v8; the 8-byte digest is its little-endian bytes.
        return H0 ^ v[0] ^ v[8];
    }

    /** True when {@code work} reaches {@code difficulty} for {@code root}. */
    public static boolean isValid(Root root, long work, Difficulty difficulty) {
        return difficulty.isReachedBy(value(root, work));
    }

    /**
     * The working vector v0..v15 before round 0 of Nano's one compression: h0..h7 (the chaining value after
     * the parameter block), then IV0..IV7 with the length (v12) and final-block flag (v14) folded in.
     */
    public static long[] initialState() {
        return new long[] {
            H0, IV1, IV2, IV3, IV4, IV5, IV6, IV7,
            IV0, IV1, IV2, IV3, V12, IV5, V14, IV7,
        };
    }

    /** BLAKE2b's 12 rounds over the working vector {@code v}, in place, with message words {@code m}. */
    public static void rounds(long[] v, long[] m) {
        for (int r = 0; r < ROUNDS; r++) {
            int[] s = SIGMA[r];
            g(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
            g(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
            g(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
            g(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
            g(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
            g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
            g(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
            g(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
        }
    }

    /** The mixing function G of RFC 7693 3.1 with its rotations 32, 24, 16, 63, on {@code v} in place. */
    public static void g(long[] v, int a, int b, int c, int d, long x, long y) {
        v[a] = v[a] + v[b] + x;
        v[d] = Long.rotateRight(v[d] ^ v[a], 32);
        v[c] = v[c] + v[d];
        v[b] = Long.rotateRight(v[b] ^ v[c], 24);
        v[a] = v[a] + v[b] + y;
        v[d] = Long.rotateRight(v[d] ^ v[a], 16);
        v[c] = v[c] + v[d];
        v[b] = Long.rotateRight(v[b] ^ v[c], 63);
    }
}
