package dev.nanowork.support;

import org.bouncycastle.crypto.digests.Blake2bDigest;

/** A work's value by Bouncy Castle's BLAKE2b: the reference written apart from ours, for tests to check against. */
public final class BouncyCastle {
    private BouncyCastle() {}

    /** BLAKE2b-64 of (work as 8 bytes little-endian || the root's 32 bytes), read back as a little-endian u64. */
    public static long value(byte[] root, long work) {
        Blake2bDigest digest = new Blake2bDigest(64);
        byte[] input = new byte[40];
        for (int b = 0; b < 8; b++) input[b] = (byte) (work >>> (8 * b));
        System.arraycopy(root, 0, input, 8, 32);
        digest.update(input, 0, input.length);
        byte[] out = new byte[8];
        digest.doFinal(out, 0);
        long value = 0;
        for (int b = 7; b >= 0; b--) value = (value << 8) | (out[b] & 0xffL);
        return value;
    }
}
