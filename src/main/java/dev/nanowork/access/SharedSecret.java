package dev.nanowork.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Optional;

/**
 * The optional credential of the endpoint: one shared secret, accepted as {@code Authorization: Bearer
 * <key>} or as a nano-style {@code "key"} field in the body. Compared in constant time (the SHA-256
 * digests of both, by {@link MessageDigest#isEqual}), so the time an answer takes says nothing about how
 * much of a guess was right, nor about the secret's length. Both sides are compared with surrounding
 * whitespace trimmed. Its text never leaves this object:
 * {@link #toString} names only whether one is set.
 */
public final class SharedSecret {
    /** No credential configured: every request is let in, as nano_node's RPC does. */
    public static final SharedSecret NONE = new SharedSecret(null);

    private static final String BEARER = "Bearer ";

    private final byte[] digest;

    private SharedSecret(byte[] digest) {
        this.digest = digest;
    }

    /**
     * A required secret, its surrounding whitespace trimmed (a key stored with a trailing newline still works);
     * empty or blank text is refused (it would be guessable).
     */
    public static SharedSecret of(String secret) {
        if (secret == null || secret.isBlank())
            throw new IllegalArgumentException("the shared secret must not be empty");
        return new SharedSecret(sha256(secret.strip()));
    }

    public boolean required() {
        return digest != null;
    }

    /** What {@link #check} decides. */
    public enum Verdict {
        ALLOWED,
        MISSING,
        WRONG
    }

    /**
     * Whether a request may in: the bearer token of {@code authorization} if it is one, else {@code keyField}.
     *
     * @param authorization the {@code Authorization} header, if any
     * @param keyField the body's {@code key} field, if any
     */
    public Verdict check(Optional<String> authorization, Optional<String> keyField) {
        if (!required()) return Verdict.ALLOWED;
        Optional<String> presented = presented(authorization, keyField);
        if (presented.isEmpty()) return Verdict.MISSING;
        return MessageDigest.isEqual(sha256(presented.get()), digest) ? Verdict.ALLOWED : Verdict.WRONG;
    }

    /**
     * The key a request presents, as {@link #check} reads it (the access log names it by its {@link KeyId}): the
     * bearer token of {@code authorization} if it is one, else {@code keyField}, trimmed; empty when none or blank.
     */
    public static Optional<String> presented(Optional<String> authorization, Optional<String> keyField) {
        return authorization
                .filter(h -> h.regionMatches(true, 0, BEARER, 0, BEARER.length()))
                .map(h -> h.substring(BEARER.length()).strip())
                .or(() -> keyField)
                .map(String::strip)
                .filter(key -> !key.isEmpty());
    }

    /** Whether both are the same secret (compared by digest, in constant time). */
    public boolean sameAs(SharedSecret other) {
        return digest != null && other.digest != null && MessageDigest.isEqual(digest, other.digest);
    }

    @Override
    public String toString() {
        return required() ? "shared secret (set)" : "no credential";
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
