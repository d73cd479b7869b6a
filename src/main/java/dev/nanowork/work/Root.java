package dev.nanowork.work;

import java.util.Arrays;

/**
 * The 32 bytes a work is computed for (the RPC field {@code hash}): the previous block's hash, or for
 * an account's first block its public key.
 *
 * <p>This is the one place where byte order is decided. BLAKE2b reads its message as little-endian
 * u64 words; the root's 32 bytes, in the order written, are message words m1..m4. The work itself is
 * m0 and is a number already (see {@link Work}), so no other type converts bytes.
 */
public final class Root {
    /** Hex digits of a root on the wire. */
    public static final int HEX_LENGTH = 64;

    private final byte[] bytes;
    private final long[] words;

    private Root(byte[] bytes) {
        this.bytes = bytes;
        this.words = new long[4];
        for (int w = 0; w < 4; w++) {
            long v = 0;
            for (int b = 7; b >= 0; b--) v = (v << 8) | (bytes[w * 8 + b] & 0xffL);
            words[w] = v;
        }
    }

    /**
     * Parses exactly 64 hex digits, either case. nano_node's {@code decode_hex} would also read 1 to 63
     * digits as a number with its leading zeros left out; no wallet sends a root that way, and a cut root is
     * far likelier a mistake than a root below 2^252, so only the full width is taken.
     *
     * @throws IllegalArgumentException for anything else (null, another length, a non-hex character,
     *     surrounding space), saying what is wrong
     */
    public static Root parse(String hex) {
        if (hex == null || hex.length() != HEX_LENGTH) {
            throw new IllegalArgumentException(
                    "it has " + (hex == null ? 0 : hex.length()) + " characters, not " + HEX_LENGTH);
        }
        Hex.requireDigits(hex);
        byte[] bytes = new byte[32];
        for (int i = 0; i < 32; i++) {
            bytes[i] = (byte) ((Hex.digit(hex.charAt(2 * i)) << 4) | Hex.digit(hex.charAt(2 * i + 1)));
        }
        return new Root(bytes);
    }

    public static Root of(byte[] bytes) {
        if (bytes.length != 32) throw new IllegalArgumentException("a root is 32 bytes");
        return new Root(bytes.clone());
    }

    /** The root's bytes in the order written. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** BLAKE2b message word {@code m(1 + i)}, i in 0..3: bytes 8i..8i+7 read little-endian. */
    public long word(int i) {
        return words[i];
    }

    /** Uppercase, as nano_node prints block hashes. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(HEX_LENGTH);
        for (byte b : bytes)
            s.append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                    .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
        return s.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Root r && Arrays.equals(bytes, r.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }
}
