package dev.nanowork.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Optional;

/**
 * One credential of the endpoint: a shared secret, accepted as {@code Authorization: Bearer <key>} ({@link
 * BearerHeader}) or as a nano-style {@code "key"} field in the body. During a key rotation it is two secrets, the new
 * and the old, either accepted. Compared in constant time (the SHA-256 digests, by {@link MessageDigest#isEqual},
 * against every secret held), so the time an answer takes says nothing about how much of a guess was right, nor about
 * the secret's length or which secret matched. Both sides are compared with surrounding whitespace trimmed. Its text
 * never leaves this object: {@link #toString} names only whether one is set.
 */
public final class SharedSecret {
    /** No credential configured: every request is let in, as nano_node's RPC does. */
    public static final SharedSecret NONE = new SharedSecret(List.of());

    private final List<byte[]> digests;

    private SharedSecret(List<byte[]> digests) {
        this.digests = digests;
    }

    /**
     * A required secret, its surrounding whitespace trimmed (a key stored with a trailing newline still works);
     * empty or blank text is refused (it would be guessable).
     */
    public static SharedSecret of(String secret) {
        return anyOf(List.of(secret));
    }

    /** Any of {@code secrets} (a rotation: the new key and the old one), each as {@link #of}. */
    public static SharedSecret anyOf(List<String> secrets) {
        if (secrets.isEmpty()) throw new IllegalArgumentException("a shared secret needs at least one value");
        for (String secret : secrets) {
            if (secret == null || secret.isBlank())
                throw new IllegalArgumentException("the shared secret must not be empty");
        }
        return new SharedSecret(secrets.stream().map(s -> sha256(s.strip())).toList());
    }

    public boolean required() {
        return !digests.isEmpty();
    }

    /** What {@link #check} decides. */
    public enum Verdict {
        ALLOWED,
        MISSING,
        WRONG,
        /** The {@code Authorization} header is not {@code Bearer <key>}. */
        MALFORMED
    }

    /**
     * Whether a request may in: the bearer token of {@code authorization} if it carries one, else {@code keyField}.
     *
     * @param authorization the {@code Authorization} header, if any
     * @param keyField the body's {@code key} field, if any
     */
    public Verdict check(Optional<String> authorization, Optional<String> keyField) {
        if (!required()) return Verdict.ALLOWED;
        BearerHeader header = BearerHeader.read(authorization);
        if (header.kind() == BearerHeader.Kind.MALFORMED) return Verdict.MALFORMED;
        Optional<String> presented = presented(header, keyField);
        if (presented.isEmpty()) return Verdict.MISSING;
        return matches(sha256(presented.get())) ? Verdict.ALLOWED : Verdict.WRONG;
    }

    /**
     * The key a request presents, as {@link #check} reads it (the access log names it by its {@link KeyId}): the
     * bearer token of {@code authorization} ({@link BearerHeader}; none from a malformed header), else {@code
     * keyField}, trimmed; empty when none or blank.
     */
    public static Optional<String> presented(Optional<String> authorization, Optional<String> keyField) {
        return presented(BearerHeader.read(authorization), keyField);
    }

    private static Optional<String> presented(BearerHeader header, Optional<String> keyField) {
        return Optional.ofNullable(header.token())
                .or(() -> keyField)
                .map(String::strip)
                .filter(key -> !key.isEmpty());
    }

    /**
     * Whether {@code presented} (trimmed) is one of the secrets, compared as {@link #check} compares a key: a header
     * that carries a secret by itself (the edge's origin secret). Nothing required: always.
     */
    public boolean matches(Optional<String> presented) {
        if (!required()) return true;
        return presented
                .map(String::strip)
                .filter(p -> !p.isEmpty())
                .map(p -> matches(sha256(p)))
                .orElse(false);
    }

    /** Whether both hold a secret in common (compared by digest, in constant time). */
    public boolean sameAs(SharedSecret other) {
        boolean same = false;
        for (byte[] digest : other.digests) same |= matches(digest);
        return same;
    }

    /** Compares with every digest, never stopping at a match: the time says nothing of which one matched. */
    private boolean matches(byte[] digest) {
        boolean match = false;
        for (byte[] held : digests) match |= MessageDigest.isEqual(digest, held);
        return match;
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
