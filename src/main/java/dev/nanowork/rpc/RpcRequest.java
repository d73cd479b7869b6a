package dev.nanowork.rpc;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.util.Optional;

/**
 * One request body, read with nano_node's leniency: a value may arrive as a JSON string, number or
 * boolean ({@code "multiplier": 2} and {@code "2.0"} both work), because nano_node reads every field of
 * its property tree as text. Each getter turns a bad value into nano_node's error string.
 */
public final class RpcRequest {
    /** Strict about the document (one JSON value, nothing after it), lenient about the values in it. */
    private static final ObjectMapper JSON = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(RequestLimits.CONSTRAINTS).build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private static final java.util.regex.Pattern DECIMAL =
            java.util.regex.Pattern.compile("([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?");

    private final JsonNode body;

    private RpcRequest(JsonNode body) {
        this.body = body;
    }

    /**
     * Reads a body as nano_node does: anything but a JSON object (invalid JSON, an array, {@code null},
     * nothing at all) is {@code Unable to parse JSON}.
     */
    public static RpcRequest parse(String text) {
        if (text == null || text.isBlank()) throw notAnObject("the body is empty");
        // Characters, not bytes: at most as many as the bytes of its UTF-8, so the HTTP limit is the tighter one.
        if (text.length() > RequestLimits.BODY_BYTES) throw RequestLimits.bodyTooLarge(text.length());
        try {
            return of(JSON.readTree(text));
        } catch (StreamConstraintsException e) {
            throw RequestLimits.exceeded(e);
        } catch (JsonProcessingException e) {
            var at = e.getLocation(); // absent for some failures found after the tokens were read
            throw notAnObject("the body is not valid JSON" + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
        }
    }

    /** Wraps a body already read (by Funqy); the same rules as {@link #parse}. */
    public static RpcRequest of(JsonNode body) {
        if (body == null || body.isMissingNode() || body.isNull()) throw notAnObject("the body is empty or null");
        if (!body.isObject()) throw notAnObject("the body must be a JSON object, was " + body.getNodeType().name().toLowerCase());
        return new RpcRequest(body);
    }

    private static RpcError notAnObject(String why) {
        return new RpcError(RpcError.UNABLE_TO_PARSE_JSON, why + "; send a JSON object such as {\"action\": \"work_validate\", ...}");
    }

    /** True when the request carries {@code field} with a non-null value. */
    public boolean has(String field) {
        JsonNode v = body.get(field);
        return v != null && !v.isNull();
    }

    /**
     * The text of {@code field}: a string as is, a number or boolean as written; empty when absent or
     * {@code null}. An object or array is refused with {@code error}.
     */
    public Optional<String> text(String field, String error) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) return Optional.empty();
        if (!v.isValueNode()) throw new RpcError(error, field + " must be a string, was a JSON " + v.getNodeType().name().toLowerCase());
        return Optional.of(v.asText());
    }

    /** The {@code action}; nano_node answers a request without one {@code Unable to parse JSON}. */
    public String action() {
        return text("action", RpcError.UNKNOWN_COMMAND).orElseThrow(() -> new RpcError(RpcError.UNABLE_TO_PARSE_JSON,
                "the request has no action; add e.g. \"action\": \"work_generate\""));
    }

    /** The required {@code hash}: 64 hex digits, either case. */
    public Root hash() {
        String text = text("hash", RpcError.INVALID_BLOCK_HASH).orElseThrow(
                () -> new RpcError(RpcError.INVALID_BLOCK_HASH, "hash is required: the 64 hex digits of the root"));
        try {
            return Root.parse(text);
        } catch (IllegalArgumentException e) {
            throw new RpcError(RpcError.INVALID_BLOCK_HASH, "hash must be exactly 64 hex digits, was " + describe(text));
        }
    }

    /** The required {@code work}: 16 hex digits. */
    public Work work() {
        String text = text("work", RpcError.BAD_WORK).orElseThrow(
                () -> new RpcError(RpcError.BAD_WORK, "work is required: 16 hex digits"));
        try {
            return Work.parse(text);
        } catch (IllegalArgumentException e) {
            throw new RpcError(RpcError.BAD_WORK, "work must be exactly 16 hex digits, was " + describe(text));
        }
    }

    /**
     * The requested difficulty: {@code multiplier} (against the send threshold) when present, else
     * {@code difficulty}, else empty. As in nano_node, a multiplier overrides a difficulty.
     */
    public Optional<Difficulty> difficulty() {
        Optional<String> difficulty = text("difficulty", RpcError.BAD_DIFFICULTY);
        Optional<Difficulty> parsed = difficulty.map(text -> {
            try {
                return Difficulty.parse(text);
            } catch (IllegalArgumentException e) {
                throw new RpcError(RpcError.BAD_DIFFICULTY, "difficulty must be exactly 16 hex digits, was " + describe(text));
            }
        });
        Optional<String> multiplier = text("multiplier", RpcError.BAD_MULTIPLIER);
        if (multiplier.isEmpty()) return parsed;
        String text = multiplier.get();
        // A plain decimal only: Double.parseDouble would also read "NaN", "Infinity", " 2", "0x1p1" and "2d".
        double m = DECIMAL.matcher(text).matches() ? Double.parseDouble(text) : Double.NaN;
        if (!(m > 0) || Double.isInfinite(m)) {
            throw new RpcError(RpcError.BAD_MULTIPLIER, "multiplier must be a positive number such as 1.5, was " + describe(text));
        }
        return Optional.of(Difficulty.fromMultiplier(m));
    }

    /** {@code version}: absent or {@code work_1}, the only work version nano_node knows. */
    public void checkVersion() {
        text("version", RpcError.BAD_WORK_VERSION).ifPresent(v -> {
            if (!v.equals("work_1")) throw new RpcError(RpcError.BAD_WORK_VERSION, "version must be work_1, was " + describe(v));
        });
    }

    /** A value quoted for a hint, cut short so a huge value cannot make a huge answer. */
    static String describe(String text) {
        if (text.isEmpty()) return "empty";
        String shown = text.length() > 80 ? text.substring(0, 80) + "..." : text;
        return "'" + shown + "' (" + text.length() + " characters)";
    }
}
