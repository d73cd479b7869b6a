package dev.nanowork.work;

import java.math.BigInteger;

/**
 * A Nano account: a 32-byte public key, written as an address such as {@code nano_3t6k35gi...ohr3}. Read
 * as nano_node's {@code public_key::decode_account} reads it (numbers.cpp): the prefix {@code nano_},
 * {@code xrb_} (and the deprecated {@code nano-}, {@code xrb-}) or {@code node_}, then 60 characters of
 * Nano's base32 alphabet (lowercase only, the first {@code 1} or {@code 3}): 256 bits of key and a 40-bit
 * checksum, BLAKE2b with a 5-byte digest of the key, its bytes little-endian.
 */
public final class Account {
    /** Nano's base32 alphabet: digits and lowercase letters without 0, 2, l and v. */
    private static final String ALPHABET = "13456789abcdefghijkmnopqrstuwxyz";

    private static final int CHARACTERS = 60;
    private static final long CHECKSUM_MASK = 0xff_ffff_ffffL; // 40 bits

    private final Root key;

    private Account(Root key) {
        this.key = key;
    }

    /** The account whose public key is {@code key}. */
    public static Account of(Root key) {
        return new Account(key);
    }

    /**
     * Decodes an address, as nano_node's {@code decode_account}.
     *
     * @throws IllegalArgumentException saying what is wrong (prefix, length, a character, the checksum)
     */
    public static Account parse(String address) {
        if (address == null) throw new IllegalArgumentException("it is missing");
        int start = prefixLength(address);
        if (address.length() != start + CHARACTERS) {
            throw new IllegalArgumentException(
                    "it has " + address.length() + " characters, not " + (start + CHARACTERS) + " for its prefix");
        }
        char first = address.charAt(start);
        if (first != '1' && first != '3')
            throw new IllegalArgumentException("the first character after the prefix must be 1 or 3");
        BigInteger number = BigInteger.ZERO;
        for (int i = start; i < address.length(); i++) {
            int digit = ALPHABET.indexOf(address.charAt(i));
            if (digit < 0) {
                throw new IllegalArgumentException(
                        "character " + (i + 1) + " is not in Nano's base32 alphabet " + ALPHABET + " (lowercase only)");
            }
            number = number.shiftLeft(5).or(BigInteger.valueOf(digit));
        }
        byte[] key = toBytes(number.shiftRight(40));
        long checksum = number.longValue() & CHECKSUM_MASK;
        Account account = new Account(Root.of(key));
        if (checksum != account.checksum()) throw new IllegalArgumentException("its checksum does not match its key");
        return account;
    }

    /** The public key. */
    public Root key() {
        return key;
    }

    /** The address with the {@code nano_} prefix, as nano_node writes it. */
    @Override
    public String toString() {
        BigInteger number = new BigInteger(1, key.bytes()).shiftLeft(40).or(BigInteger.valueOf(checksum()));
        char[] out = new char[CHARACTERS];
        for (int i = CHARACTERS - 1; i >= 0; i--) {
            out[i] = ALPHABET.charAt(number.intValue() & 0x1f);
            number = number.shiftRight(5);
        }
        return "nano_" + new String(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Account a && a.key.equals(key);
    }

    @Override
    public int hashCode() {
        return key.hashCode();
    }

    /** Characters of the prefix nano_node accepts at the start of {@code address}. */
    private static int prefixLength(String address) {
        if (address.startsWith("nano_") || address.startsWith("nano-") || address.startsWith("node_")) return 5;
        if (address.startsWith("xrb_") || address.startsWith("xrb-")) return 4;
        throw new IllegalArgumentException("it must start with nano_ or xrb_");
    }

    /** BLAKE2b-40 of the key, its 5 digest bytes read little-endian. */
    private long checksum() {
        byte[] digest = Blake2b.digest(5, key.bytes());
        long checksum = 0;
        for (int i = 4; i >= 0; i--) checksum = (checksum << 8) | (digest[i] & 0xffL);
        return checksum;
    }

    /** The low 256 bits of {@code number} as 32 big-endian bytes. */
    private static byte[] toBytes(BigInteger number) {
        byte[] raw = number.toByteArray();
        byte[] key = new byte[32];
        int n = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - n, key, 32 - n, n);
        return key;
    }
}
