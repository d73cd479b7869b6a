package dev.nanowork.access;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one grammar of the {@code Authorization} header, shared with the edge (terraform/stacks/work-api/edge): {@code
 * Bearer} in any case, spaces or tabs, one token of visible characters, spaces or tabs around. An absent or blank
 * header carries no credential; anything else (another scheme, no token, a token with a space in it) is malformed and
 * refused, never guessed at. src/test/resources/authorization-cases.json holds the cases both sides run.
 */
public record BearerHeader(Kind kind, String token) {
    /** What the header carries. */
    public enum Kind {
        MISSING,
        MALFORMED,
        BEARER
    }

    private static final Pattern BEARER =
            Pattern.compile("[ \\t]*Bearer[ \\t]+(\\S+)[ \\t]*", Pattern.CASE_INSENSITIVE);

    /** Reads {@code header} (the request's {@code Authorization}, if any). */
    public static BearerHeader read(Optional<String> header) {
        if (header.isEmpty() || header.get().isBlank()) return new BearerHeader(Kind.MISSING, null);
        Matcher m = BEARER.matcher(header.get());
        return m.matches() ? new BearerHeader(Kind.BEARER, m.group(1)) : new BearerHeader(Kind.MALFORMED, null);
    }
}
