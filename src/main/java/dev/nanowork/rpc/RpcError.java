package dev.nanowork.rpc;

/**
 * A request the endpoint refuses, answered as {@code {"error": ..., "hint": ...}} with HTTP 200, as
 * nano_node does. The first group of strings is nano_node's own; the second names cases nano_node never
 * meets, in the same style (docs/endpoint.md lists them all).
 */
public final class RpcError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public static final String INVALID_BLOCK_HASH = "Invalid block hash";
    public static final String BAD_WORK = "Bad work";
    public static final String BAD_DIFFICULTY = "Bad difficulty";
    public static final String BAD_MULTIPLIER = "Bad multiplier";
    public static final String BAD_WORK_VERSION = "Bad work version";
    public static final String DIFFICULTY_LIMIT = "Difficulty above config limit or below publish threshold";
    public static final String CANCELLED = "Cancelled";
    public static final String UNABLE_TO_PARSE_JSON = "Unable to parse JSON";
    public static final String UNKNOWN_COMMAND = "Unknown command";
    public static final String ONLY_POST = "Can only POST requests";
    public static final String CONTROL_DISABLED = "RPC control is disabled";
    public static final String BAD_ACCOUNT_NUMBER = "Bad account number";
    public static final String INVALID_BLOCK = "Block is invalid";
    public static final String ROOT_MISMATCH = "Root mismatch for block";
    public static final String WORK_VERSION_MISMATCH = "Work version mismatch for block";
    public static final String WORK_ENOUGH = "Provided work is already enough for given difficulty";

    public static final String NOT_SERVED = "Action not served by this deployment";
    public static final String DEADLINE = "Work generation deadline reached";
    public static final String BUSY = "Work queue full";
    public static final String BAD_DURATION = "Bad duration";
    public static final String BAD_COUNT = "Bad count";
    public static final String FAILURE = "Work generation failure";
    /** A {@code work_precache} not taken (none on this deployment, its bounds reached): the wallet loses nothing. */
    public static final String PRECACHE_REFUSED = "Work precache refused";

    public static final String TOO_LARGE = "Request too large";
    public static final String KEY_MISSING = "Key required";
    public static final String KEY_WRONG = "Invalid key";
    /** A configured key cannot be read now (its SSM parameter unreachable or refused): refused, never let in. */
    public static final String KEY_UNAVAILABLE = "Key unavailable";
    /**
     * An origin secret is configured and the request did not carry it: it did not come through the edge (the API's
     * own URL, or a forged header), so nothing it says about its viewer can be believed.
     */
    public static final String NOT_THROUGH_EDGE = "Not through the edge";
    /** Self-hosted: the client is past its request rate (answered before the body is read, with Retry-After). */
    public static final String TOO_MANY_REQUESTS = "Too many requests";

    private final String hint;

    public RpcError(String error, String hint) {
        super(error, null, false, false); // an expected answer, not a fault: no stack trace to fill
        this.hint = hint;
    }

    public String error() {
        return getMessage();
    }

    public String hint() {
        return hint;
    }

    /** The answer body: {@code error}, then {@code hint} when there is one. */
    public Answer.Refusal answer() {
        return new Answer.Refusal(error(), hint);
    }

    /** {@code Key unavailable}: the log says why, the client only that a retry may work. */
    public static RpcError keyUnavailable() {
        return new RpcError(
                KEY_UNAVAILABLE,
                "this endpoint cannot read its keys just now; retry in a few seconds (the operator's log says why)");
    }

    /** {@code Unable to parse JSON}, saying why. */
    static RpcError notAnObject(String why) {
        return new RpcError(
                UNABLE_TO_PARSE_JSON, why + "; send a JSON object such as {\"action\": \"work_validate\", ...}");
    }

    /** A value quoted for a hint, cut short so a huge value cannot make a huge answer. */
    public static String describe(String text) {
        if (text.isEmpty()) return "empty";
        String shown = text.length() > 80 ? text.substring(0, 80) + "..." : text;
        return "'" + shown + "' (" + text.length() + " characters)";
    }
}
