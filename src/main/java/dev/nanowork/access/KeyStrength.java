package dev.nanowork.access;

import java.util.Optional;

/**
 * The least a key must be to be accepted, wherever it is read (a setting, an SSM parameter; infra/edge-keys.sh refuses
 * to publish the digest of a weaker one): at least {@value #MIN_LENGTH} characters, at least {@value #MIN_DISTINCT} of
 * them distinct. The access log names a key by 32 bits of its unsalted SHA-256 and the edge's key store holds its whole
 * unsalted digest, so a guessable key could be found offline from either; a key of this length and variety could not.
 * The stack generates 64 hex digits; {@code openssl rand -hex 32} makes another. A heuristic, not a measure of
 * entropy: it refuses the short and the repetitive ({@code aaaa...}, {@code 1212...}), not every weak key.
 */
public final class KeyStrength {
    /** 32 characters: 128 bits as hex, 192 as base64. */
    public static final int MIN_LENGTH = 32;

    /** Distinct characters: 32 random hex digits have about 15 of the 16, 32 random base64 characters about 25. */
    public static final int MIN_DISTINCT = 10;

    /** The rule, as start-up lines and refusals say it. */
    public static final String RULE = "a key must be at least " + MIN_LENGTH + " characters with at least "
            + MIN_DISTINCT + " distinct ones (openssl rand -hex 32 makes one)";

    private KeyStrength() {}

    /** Why {@code key} (trimmed, as it is compared) is too weak, or empty when it is strong enough. Never the key. */
    public static Optional<String> weakness(String key) {
        String k = key.strip();
        if (k.length() < MIN_LENGTH) return Optional.of(k.length() + " characters");
        long distinct = k.codePoints().distinct().count();
        if (distinct < MIN_DISTINCT) return Optional.of("only " + distinct + " distinct characters");
        return Optional.empty();
    }
}
