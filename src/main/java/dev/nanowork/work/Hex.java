package dev.nanowork.work;

/**
 * Hexadecimal text, either case, no prefix, no sign, no surrounding space: a root is exactly its 64
 * digits; a work or a difficulty is 1 to 16 digits of a u64, as nano_node's {@code from_string_hex}
 * reads it (see {@link #u64Number}).
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

    /**
     * Checks that every character of {@code text} is a hex digit.
     *
     * @throws IllegalArgumentException naming the first that is not
     */
    static void requireDigits(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (digit(text.charAt(i)) < 0) {
                throw new IllegalArgumentException(
                        "character " + (i + 1) + " is not a hex digit (no 0x prefix, sign or space)");
            }
        }
    }

    /**
     * A work or difficulty as nano_node's {@code nano::from_string_hex} reads it: 1 to 16 hex digits, either
     * case, the value of the number written ({@code "1"} is 0x1). nano_node refuses an empty text and one over
     * 16 characters before it reads, as here. It then reads with a C++ stream ({@code stream >> std::hex >>
     * uint64_t}) and only asks that the whole text was used, which also lets through leading whitespace, a
     * sign ({@code "-1"} becomes 0xffffffffffffffff), a {@code 0x} prefix, and, because it does not look at
     * the stream's fail bit, a lone {@code "0x"}, {@code "-"} or {@code " "} (read as 0 or as whatever the
     * variable held). Those are accidents of stream extraction, not a format: nano_node prints 16 bare digits,
     * wallets send 16, and with a prefix, sign or space a full-width value is over 16 characters, which
     * nano_node refuses itself. So they are refused here rather than guessed at.
     *
     * @throws IllegalArgumentException saying what is wrong with {@code text}
     */
    static long u64Number(String text) {
        if (text == null || text.isEmpty()) throw new IllegalArgumentException("it is empty");
        if (text.length() > 16) throw new IllegalArgumentException("it has over 16 characters");
        requireDigits(text);
        long v = 0;
        for (int i = 0; i < text.length(); i++) v = (v << 4) | digit(text.charAt(i));
        return v;
    }

    /** A u64 as 16 lowercase hex digits, as nano_node prints work and difficulty. */
    static String u64(long value) {
        String digits = Long.toHexString(value);
        return "0".repeat(16 - digits.length()) + digits;
    }
}
