package dev.nanowork.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * A key's id for the access log: the first 8 hex digits of the SHA-256 of the key as presented (surrounding whitespace
 * trimmed, as it is compared), {@code -} when none was. Enough to tell the keys in use apart and to find a leaked
 * one's requests (an operator computes the id of each key with {@code printf %s "$KEY" | sha256sum | cut -c1-8}),
 * never the key: 32 bits of a hash say nothing usable about a key of 128 bits or more.
 */
public final class KeyId {
    /** The id of no key. */
    public static final String NONE = "-";

    private static final int HEX_DIGITS = 8;

    private KeyId() {}

    /** The id of {@code presented} ({@link SharedSecret#presented}), {@link #NONE} when empty. */
    public static String of(Optional<String> presented) {
        return presented.map(KeyId::of).orElse(NONE);
    }

    private static String of(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, HEX_DIGITS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
