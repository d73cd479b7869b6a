package dev.nanowork.work;

/**
 * A work value: the u64 number a wallet puts in a block. On the wire it is 16 hex digits of the
 * number; BLAKE2b takes it as message word m0, i.e. the number's bytes little-endian, which is the
 * number itself as a word, so no byte swapping happens here.
 */
public record Work(long value) {
    public static final int HEX_LENGTH = 16;

    /**
     * Parses exactly 16 hex digits, either case.
     *
     * @throws IllegalArgumentException for anything else
     */
    public static Work parse(String hex) {
        if (!Hex.isHex(hex, HEX_LENGTH)) throw new IllegalArgumentException("a work is exactly 16 hex digits");
        return new Work(Hex.u64(hex, 0));
    }

    /** 16 lowercase hex digits, as nano_node prints it. */
    @Override
    public String toString() {
        return Hex.u64(value);
    }
}
