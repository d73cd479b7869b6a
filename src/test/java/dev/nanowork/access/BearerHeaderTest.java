package dev.nanowork.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The one Authorization grammar: every case of authorization-cases.json, which the edge function's test runs too
 * (EdgeAuthorizationGrammarTest), read here by {@link BearerHeader} and decided by {@link SharedSecret}.
 */
class BearerHeaderTest {
    static JsonNode cases() throws Exception {
        try (InputStream in = BearerHeaderTest.class.getResourceAsStream("/authorization-cases.json")) {
            return new ObjectMapper().readTree(in).path("cases");
        }
    }

    @Test
    void everyCaseReadsAsTheEdgeReadsIt() throws Exception {
        int n = 0;
        for (JsonNode c : cases()) {
            Optional<String> header = c.path("header").isNull()
                    ? Optional.empty()
                    : Optional.of(c.path("header").asText());
            BearerHeader read = BearerHeader.read(header);
            String expected = c.path("reads").asText();
            assertEquals(expected, read.kind().name().toLowerCase(java.util.Locale.ROOT), c.toString());
            if (read.kind() == BearerHeader.Kind.BEARER) {
                String token = c.path("token").asText();
                assertEquals(token, read.token(), c.toString());
                SharedSecret key = SharedSecret.of(token);
                assertEquals(SharedSecret.Verdict.ALLOWED, key.check(header, Optional.empty()), c.toString());
                assertEquals(
                        SharedSecret.Verdict.WRONG,
                        SharedSecret.of(token + "x").check(header, Optional.of(token + "x")),
                        "the header's token decides, not the body's field: " + c);
            } else if (read.kind() == BearerHeader.Kind.MALFORMED) {
                assertEquals(
                        SharedSecret.Verdict.MALFORMED,
                        SharedSecret.of("abc123").check(header, Optional.of("abc123")),
                        "a malformed header is refused even beside the right key field: " + c);
            } else {
                assertEquals(
                        SharedSecret.Verdict.ALLOWED,
                        SharedSecret.of("abc123").check(header, Optional.of("abc123")),
                        "no credential in the header: the key field counts: " + c);
            }
            n++;
        }
        assertTrue(n >= 15, "the cases file was read: " + n);
    }

    @Test
    void eitherSecretOfARotationIsAcceptedAndNoOther() {
        SharedSecret rotation = SharedSecret.anyOf(java.util.List.of("new-key", "old-key"));
        assertEquals(SharedSecret.Verdict.ALLOWED, rotation.check(Optional.of("Bearer new-key"), Optional.empty()));
        assertEquals(SharedSecret.Verdict.ALLOWED, rotation.check(Optional.empty(), Optional.of("old-key")));
        assertEquals(SharedSecret.Verdict.WRONG, rotation.check(Optional.of("Bearer other"), Optional.empty()));
        assertTrue(rotation.sameAs(SharedSecret.of("old-key")));
        assertTrue(!rotation.sameAs(SharedSecret.of("other")));
    }
}
