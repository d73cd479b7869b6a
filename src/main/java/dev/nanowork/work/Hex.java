package dev.nanowork.work;

/**
 * Strict hexadecimal text of a fixed length, either case, no prefix, no surrounding space.
 *
 * <p>nano_node's wire values are fixed-width hex (64 digits for a root, 16 for work and difficulty);
 * wallets always send the full width. We accept exactly that and nothing looser, so a truncated or
 * padded value is refused instead of silently read as a different number.
 */
final class Hex {
    private Hex() {}

    /** The value of one hex digit, or -1 when {@code c} is not one. */
    static int digit(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }

    /** True when {@code text} is exactly {@code length} hex digits. */
    static boolean isHex(String text, int length) {
        if (text == null || text.length() != length) return false;
        for (int i = 0; i < length; i++) {
            if (digit(text.charAt(i)) < 0) return false;
        }
        return true;
    }

    /** Reads 16 hex digits at {@code offset} as a big-endian (written-order) u64; the caller has checked them. */
    static long u64(String text, int offset) {
        long v = 0;
        for (int i = 0; i < 16; i++) v = (v << 4) | digit(text.charAt(offset + i));
        return v;
    }

    /** A u64 as 16 lowercase hex digits, as nano_node prints work and difficulty. */
    static String u64(long value) {
        String digits = Long.toHexString(value);
        return "0".repeat(16 - digits.length()) + digits;
    }
}
