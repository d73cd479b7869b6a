package dev.nanowork.work;

/**
 * A work value: the u64 number a wallet puts in a block. On the wire it is the number in hex, printed
 * as 16 digits and read as 1 to 16; BLAKE2b takes it as message word m0, i.e. the number's bytes little-endian, which is the
 * number itself as a word, so no byte swapping happens here.
 */
public record Work(long value) {
    /** Hex digits of a work as printed; a request may leave out leading zeros. */
    public static final int HEX_LENGTH = 16;

    /**
     * Parses 1 to 16 hex digits, either case, as nano_node's RPC reads them ({@link Hex#u64Number}).
     *
     * @throws IllegalArgumentException for anything else, saying what is wrong
     */
    public static Work parse(String hex) {
        return new Work(Hex.u64Number(hex));
    }

    /** 16 lowercase hex digits, as nano_node prints it. */
    @Override
    public String toString() {
        return Hex.u64(value);
    }
}
