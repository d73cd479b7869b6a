package dev.nanowork.work;

/**
 * BLAKE2b (RFC 7693) with no key, for any input and a digest of 1 to 64 bytes: what a block's hash needs (a 32-byte
 * digest of up to 176 bytes). A work's value ({@link WorkValue}) is the one-block, 8-byte special case, kept apart
 * for clarity and speed; both share its constants, its message schedule and its 12 rounds.
 *
 * <p>Not thread-safe; one instance per digest. The input is buffered a block at a time: the last block, full or not,
 * must be compressed with the final-block flag, so a full buffer is compressed only once more input follows.
 */
public final class Blake2b {
    /** Bytes per message block. */
    static final int BLOCK = 128;

    private final int digestBytes;
    private final long[] h;
    private final byte[] buffer = new byte[BLOCK];
    private int buffered;
    /**
     * Bytes compressed so far: the low word t0 of the 128-bit counter. Its high word t1 stays 0 below 2^64 bytes, more
     * than any caller could hash, so it is left out.
     */
    private long compressed;

    private boolean finished;

    /**
     * A digest of {@code digestBytes} bytes, 1 to 64.
     *
     * @throws IllegalArgumentException for any other length
     */
    public Blake2b(int digestBytes) {
        if (digestBytes < 1 || digestBytes > 64)
            throw new IllegalArgumentException("a BLAKE2b digest is 1 to 64 bytes, was " + digestBytes);
        this.digestBytes = digestBytes;
        // h0 ^= the parameter block's first word: digest length, key length 0, fanout 1 (<< 16), depth 1 (<< 24).
        this.h = new long[] {
            WorkValue.IV0 ^ 0x01010000L ^ digestBytes,
            WorkValue.IV1,
            WorkValue.IV2,
            WorkValue.IV3,
            WorkValue.IV4,
            WorkValue.IV5,
            WorkValue.IV6,
            WorkValue.IV7,
        };
    }

    /** The digest of {@code input}, {@code digestBytes} long. */
    public static byte[] digest(int digestBytes, byte[] input) {
        return new Blake2b(digestBytes).update(input).digest();
    }

    /** Adds {@code input} to what is hashed. */
    public Blake2b update(byte[] input) {
        return update(input, 0, input.length);
    }

    /** Adds {@code length} bytes of {@code input} from {@code offset} to what is hashed. */
    public Blake2b update(byte[] input, int offset, int length) {
        if (finished) throw new IllegalStateException("the digest was already taken");
        for (int i = offset; i < offset + length; i++) {
            if (buffered == BLOCK) { // more input follows, so this block is not the last
                compress(false);
                buffered = 0;
            }
            buffer[buffered++] = input[i];
        }
        return this;
    }

    /** The digest: the last block (zero-padded) compressed as the final one, then h0..h7 as little-endian bytes. */
    public byte[] digest() {
        if (finished) throw new IllegalStateException("the digest was already taken");
        finished = true;
        for (int i = buffered; i < BLOCK; i++) buffer[i] = 0;
        compress(true);
        byte[] out = new byte[digestBytes];
        for (int i = 0; i < digestBytes; i++) out[i] = (byte) (h[i / 8] >>> (8 * (i % 8)));
        return out;
    }

    /** RFC 7693 3.2's F over the buffer's {@code buffered} bytes (the counter counts them, not the padding). */
    private void compress(boolean last) {
        compressed += buffered;
        long[] m = new long[16];
        for (int i = 0; i < BLOCK; i++) m[i / 8] |= (buffer[i] & 0xffL) << (8 * (i % 8));
        long[] v = {
            h[0],
            h[1],
            h[2],
            h[3],
            h[4],
            h[5],
            h[6],
            h[7],
            WorkValue.IV0,
            WorkValue.IV1,
            WorkValue.IV2,
            WorkValue.IV3,
            WorkValue.IV4 ^ compressed,
            WorkValue.IV5,
            last ? ~WorkValue.IV6 : WorkValue.IV6,
            WorkValue.IV7,
        };
        WorkValue.rounds(v, m);
        for (int i = 0; i < 8; i++) h[i] ^= v[i] ^ v[i + 8];
    }
}
