package dev.nanowork.rpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One request body, read with nano_node's leniency: a value may arrive as a JSON string, number or
 * boolean ({@code "multiplier": 2} and {@code "2.0"} both work), because nano_node reads every field of
 * its property tree as text. Each getter turns a bad value into nano_node's error string. Read once per
 * request, by {@link RequestReader}: from text ({@link #parse}), or as a function's input by Funqy; a
 * field sent twice is read at its first occurrence, as nano_node reads it (see RequestReader). A JSON number
 * keeps the text it was written with ({@code "work": 1e5} is work {@code 0x1e5}, as nano_node's property tree,
 * which stores the number's characters, reads it), where the reader saw it.
 */
@JsonDeserialize(using = RequestReader.class)
public final class RpcRequest {
    private static final String U64 = "1 to 16 hex digits"; // a work or difficulty: nano_node prints 16, reads 1-16

    private final JsonNode body;
    private final Map<String, String> numberTexts;
    private final RpcError refusal;

    private RpcRequest(JsonNode body, Map<String, String> numberTexts, RpcError refusal) {
        this.body = body;
        this.numberTexts = numberTexts;
        this.refusal = refusal;
    }

    /**
     * Reads a body as nano_node does: anything but a JSON object (invalid JSON, an array, {@code null},
     * nothing at all) is {@code Unable to parse JSON}.
     */
    public static RpcRequest parse(String text) {
        if (text == null || text.isBlank()) throw RpcError.notAnObject("the body is empty");
        // Characters, not bytes: at most as many as the bytes of its UTF-8, so the HTTP limit is the tighter one.
        if (text.length() > RequestLimits.BODY_BYTES) throw RequestLimits.bodyTooLarge(text.length());
        return of(RequestReader.read(text));
    }

    /** Wraps a body already read into a tree; the same rules as {@link #parse}. */
    public static RpcRequest of(JsonNode body) {
        return of(body, Map.of());
    }

    /** A body read into a tree, with the text each top-level JSON number was written with. */
    static RpcRequest of(JsonNode body, Map<String, String> numberTexts) {
        if (body == null || body.isMissingNode() || body.isNull())
            throw RpcError.notAnObject("the body is empty or null");
        if (!body.isObject()) throw RpcError.notAnObject("the body must be a JSON object, was " + type(body));
        return new RpcRequest(body, Map.copyOf(numberTexts), null);
    }

    /** {@code request} as read ({@code null} for an empty body); throws why it could not be taken, if so. */
    public static RpcRequest of(RpcRequest request) {
        if (request == null) throw RpcError.notAnObject("the body is empty or null");
        if (request.refusal != null) throw request.refusal;
        return request;
    }

    /** A body that could not be taken, and why. */
    static RpcRequest refused(RpcError refusal) {
        return new RpcRequest(null, Map.of(), refusal);
    }

    /** A request with no fields: what {@code status} gets when posted no body. */
    public static RpcRequest empty() {
        return new RpcRequest(JsonNodeFactory.instance.objectNode(), Map.of(), null);
    }

    /** The raw value of {@code field}, {@code null} when absent. */
    JsonNode field(String field) {
        return body.get(field);
    }

    /**
     * The text of {@code field}: a string as is, a number or boolean as written; empty when absent or
     * {@code null}. An object or array is refused with {@code error}.
     */
    public Optional<String> text(String field, String error) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) return Optional.empty();
        if (!v.isValueNode()) throw new RpcError(error, field + " must be a string, was a JSON " + type(v));
        return Optional.of(v.isNumber() ? numberTexts.getOrDefault(field, v.asText()) : v.asText());
    }

    /** True when {@code field} is present and not {@code null}: nano_node's {@code request.count (field)}. */
    public boolean has(String field) {
        JsonNode v = body.get(field);
        return v != null && !v.isNull();
    }

    /** The {@code action}; nano_node answers a request without one {@code Unable to parse JSON}. */
    public String action() {
        return text("action", RpcError.UNKNOWN_COMMAND)
                .orElseThrow(() -> new RpcError(
                        RpcError.UNABLE_TO_PARSE_JSON,
                        "the request has no action; add e.g. \"action\": \"work_generate\""));
    }

    /**
     * The required {@code hash}: 64 hex digits, either case. Missing, it is nano_node's {@code Unable to parse
     * JSON}: its {@code request.get<std::string> ("hash")} throws, and the RPC answers that to any exception.
     */
    public Root hash() {
        return parsed("hash", RpcError.INVALID_BLOCK_HASH, Root::parse, "64 hex digits")
                .orElseThrow(() -> new RpcError(RpcError.UNABLE_TO_PARSE_JSON, "hash is required: 64 hex digits"));
    }

    /** The required {@code work}: 1 to 16 hex digits, as nano_node's {@code from_string_hex} reads it. */
    public Work work() {
        return parsed("work", RpcError.BAD_WORK, Work::parse, U64)
                .orElseThrow(() -> new RpcError(RpcError.BAD_WORK, "work is required: " + U64));
    }

    /** {@code field} read by {@code parse}; a value it refuses is {@code error}, saying it must be {@code form}. */
    <T> Optional<T> parsed(String field, String error, Function<String, T> parse, String form) {
        return text(field, error).map(text -> {
            try {
                return parse.apply(text);
            } catch (IllegalArgumentException e) {
                String why = text.isEmpty() ? "" : ": " + e.getMessage();
                throw new RpcError(error, field + " must be " + form + ", was " + RpcError.describe(text) + why);
            }
        });
    }

    /**
     * The requested difficulty: {@code multiplier} (against the send threshold) when present, else
     * {@code difficulty}, else empty. As in nano_node, a multiplier overrides a difficulty.
     */
    public Optional<Difficulty> difficulty() {
        Optional<Difficulty> parsed = parsed("difficulty", RpcError.BAD_DIFFICULTY, Difficulty::parse, U64);
        Optional<String> multiplier = text("multiplier", RpcError.BAD_MULTIPLIER);
        return multiplier.isEmpty() ? parsed : multiplier.map(Multiplier::difficulty);
    }

    private static String type(JsonNode node) {
        return node.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}
