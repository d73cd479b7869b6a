package dev.nanowork.rpc;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * How big a request may be. nano_node's work requests are 100 to 300 bytes with strings of at most 64
 * characters (a hash) and two levels of nesting (a {@code json_block}); a block in {@code block} as text
 * is under 1 KB. The limits leave a wide margin over that and keep the cost of reading a hostile body
 * (memory, parse time, the size of the hint that quotes it) to microseconds and kilobytes.
 * docs/reliability.md gives the reasoning for each.
 */
public final class RequestLimits {
    /** Body bytes: 200 x a real request; API Gateway would pass 10 MB and Lambda 6 MB. */
    public static final int BODY_BYTES = 64 * 1024;
    /** Object/array levels: a request is 1, a {@code json_block} 2; Jackson's own default is 1000. */
    public static final int NESTING_DEPTH = 16;
    /** Characters of one string value: a hash is 64, a block as JSON text under 1,000. */
    public static final int STRING_CHARS = 4096;
    /** Characters of one field name: nano_node's longest is {@code json_block}. */
    public static final int NAME_CHARS = 256;
    /** Digits of one JSON number ({@code "multiplier": 1.5}); Jackson's default is 1000. */
    public static final int NUMBER_CHARS = 64;

    static final StreamReadConstraints CONSTRAINTS = StreamReadConstraints.builder()
            .maxDocumentLength(BODY_BYTES)
            .maxNestingDepth(NESTING_DEPTH)
            .maxStringLength(STRING_CHARS)
            .maxNameLength(NAME_CHARS)
            .maxNumberLength(NUMBER_CHARS)
            .build();

    private RequestLimits() {}

    /**
     * Makes {@code mapper} read requests as this endpoint does: within these limits while it reads, and strict about
     * the document (one JSON value, nothing after it). Only {@code POST /}'s parser ({@link RequestReader}) is made
     * here: Funqy reads a function's body with its own parser, at Jackson's default limits, and what it read is then
     * held to these ({@link #check}); the body it reads is at most {@link #BODY_BYTES} either way.
     */
    public static ObjectMapper configure(ObjectMapper mapper) {
        mapper.getFactory().setStreamReadConstraints(CONSTRAINTS);
        return mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** The refusal of a body over {@link #BODY_BYTES}. */
    public static RpcError bodyTooLarge(long size) {
        return new RpcError(
                RpcError.TOO_LARGE,
                "the body is " + (size < 0 ? "over" : size + " bytes, over") + " the limit of " + BODY_BYTES
                        + " bytes; a work request is a few hundred");
    }

    /**
     * Checks a body once it is read, on both paths: Funqy's parser reads with Jackson's defaults (nesting 1000, a
     * string of 20 million characters), so only this check, after the read, holds a function route to these limits;
     * every route then refuses the same bodies.
     *
     * @throws RpcError {@code Request too large}, naming the limit
     */
    static void check(JsonNode tree) {
        check(tree, 1);
    }

    /** {@link #check(JsonNode)} for the value of one field of the body (one level down). */
    static void checkField(JsonNode value) {
        check(value, 2);
    }

    private static void check(JsonNode node, int depth) {
        if (node.isContainerNode() && depth > NESTING_DEPTH)
            throw tooLarge("JSON nested deeper than " + NESTING_DEPTH + " levels");
        if (node.isTextual() && node.textValue().length() > STRING_CHARS)
            throw tooLarge("a string longer than " + STRING_CHARS + " characters");
        if (node.isNumber() && node.asText().length() > NUMBER_CHARS)
            throw tooLarge("a number longer than " + NUMBER_CHARS + " digits");
        for (var field : node.properties()) {
            if (field.getKey().length() > NAME_CHARS)
                throw tooLarge("a field name longer than " + NAME_CHARS + " characters");
            check(field.getValue(), depth + 1);
        }
        if (node.isArray()) for (JsonNode element : node) check(element, depth + 1);
    }

    private static RpcError tooLarge(String which) {
        return new RpcError(RpcError.TOO_LARGE, "the body has " + which + "; a work request has none");
    }

    /** The refusal for a limit Jackson enforced while reading, naming which one. */
    static RpcError exceeded(StreamConstraintsException e) {
        String m = String.valueOf(e.getOriginalMessage());
        String which;
        if (m.contains("nesting depth")) which = "JSON nested deeper than " + NESTING_DEPTH + " levels";
        else if (m.contains("String value length")) which = "a string longer than " + STRING_CHARS + " characters";
        else if (m.contains("Name length")) which = "a field name longer than " + NAME_CHARS + " characters";
        else if (m.contains("Number value length")) which = "a number longer than " + NUMBER_CHARS + " digits";
        else if (m.contains("Document length")) return bodyTooLarge(-1);
        else which = "a JSON value over this endpoint's limits";
        return tooLarge(which);
    }
}
