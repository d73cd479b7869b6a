package dev.nanowork.rpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One request body, read with nano_node's leniency: a value may arrive as a JSON string, number or
 * boolean ({@code "multiplier": 2} and {@code "2.0"} both work), because nano_node reads every field of
 * its property tree as text. Each getter turns a bad value into nano_node's error string. Read once per
 * request, by {@link RequestReader}: from text ({@link #parse}), or as a function's input by Funqy; a
 * field sent twice is read at its first occurrence, as nano_node reads it (see RequestReader).
 */
@JsonDeserialize(using = RequestReader.class)
public final class RpcRequest {
    private static final String U64 = "1 to 16 hex digits"; // a work or difficulty: nano_node prints 16, reads 1-16

    private static final Pattern DECIMAL = Pattern.compile("([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?");

    private final JsonNode body;
    private final RpcError refusal;

    private RpcRequest(JsonNode body, RpcError refusal) {
        this.body = body;
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
        if (body == null || body.isMissingNode() || body.isNull())
            throw RpcError.notAnObject("the body is empty or null");
        if (!body.isObject()) throw RpcError.notAnObject("the body must be a JSON object, was " + type(body));
        return new RpcRequest(body, null);
    }

    /** {@code request} as read ({@code null} for an empty body); throws why it could not be taken, if so. */
    public static RpcRequest of(RpcRequest request) {
        if (request == null) throw RpcError.notAnObject("the body is empty or null");
        if (request.refusal != null) throw request.refusal;
        return request;
    }

    /** A body that could not be taken, and why. */
    static RpcRequest refused(RpcError refusal) {
        return new RpcRequest(null, refusal);
    }

    /** A request with no fields: what {@code status} gets when posted no body. */
    public static RpcRequest empty() {
        return new RpcRequest(JsonNodeFactory.instance.objectNode(), null);
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
        return Optional.of(v.asText());
    }

    /** The {@code action}; nano_node answers a request without one {@code Unable to parse JSON}. */
    public String action() {
        return text("action", RpcError.UNKNOWN_COMMAND)
                .orElseThrow(() -> new RpcError(
                        RpcError.UNABLE_TO_PARSE_JSON,
                        "the request has no action; add e.g. \"action\": \"work_generate\""));
    }

    /** The required {@code hash}: 64 hex digits, either case. */
    public Root hash() {
        return parsed("hash", RpcError.INVALID_BLOCK_HASH, Root::parse, "64 hex digits")
                .orElseThrow(() -> new RpcError(RpcError.INVALID_BLOCK_HASH, "hash is required: 64 hex digits"));
    }

    /** The required {@code work}: 1 to 16 hex digits, as nano_node's {@code from_string_hex} reads it. */
    public Work work() {
        return parsed("work", RpcError.BAD_WORK, Work::parse, U64)
                .orElseThrow(() -> new RpcError(RpcError.BAD_WORK, "work is required: " + U64));
    }

    /** {@code field} read by {@code parse}; a value it refuses is {@code error}, saying it must be {@code form}. */
    private <T> Optional<T> parsed(String field, String error, Function<String, T> parse, String form) {
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
        if (multiplier.isEmpty()) return parsed;
        String text = multiplier.get();
        // A plain decimal only: Double.parseDouble would also read "NaN", "Infinity", " 2", "0x1p1" and "2d".
        double m = DECIMAL.matcher(text).matches() ? Double.parseDouble(text) : Double.NaN;
        if (!(m > 0) || Double.isInfinite(m)) {
            throw new RpcError(
                    RpcError.BAD_MULTIPLIER,
                    "multiplier must be a positive number such as 1.5, was " + RpcError.describe(text));
        }
        return Optional.of(Difficulty.fromMultiplier(m));
    }

    /** {@code version}: absent or {@code work_1}, the only work version nano_node knows. */
    public void checkVersion() {
        text("version", RpcError.BAD_WORK_VERSION).ifPresent(v -> {
            if (!v.equals("work_1"))
                throw new RpcError(RpcError.BAD_WORK_VERSION, "version must be work_1, was " + RpcError.describe(v));
        });
    }

    private static String type(JsonNode node) {
        return node.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}
