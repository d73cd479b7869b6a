package dev.nanowork.fuzz;

import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.RpcError;

/**
 * What each path must answer a {@link FuzzCase}, worked out from the verdicts its generator recorded, in the
 * order the endpoint checks (docs/endpoint.md): the body as a whole (too large, not a JSON object), then on
 * {@code POST /} the {@code action}, then the action's fields in nano_node's order.
 */
sealed interface Expected {
    /** The fuzz RPC's max-difficulty ({@link RequestFuzzTest}); its min-difficulty is 0. */
    long MAX_DIFFICULTY = 0xff00000000000000L;

    /** Refused with exactly {@code error}. */
    record Refused(String error) implements Expected {}

    /** Work for {@code root} that reaches {@code threshold}. */
    @SuppressWarnings("ArrayRecordComponent") // matched by type and read, never compared or hashed
    record Generated(byte[] root, long threshold) implements Expected {}

    /** The validation of {@code work} for {@code root}, with {@code valid} against {@code requested} when not null. */
    @SuppressWarnings("ArrayRecordComponent") // matched by type and read, never compared or hashed
    record Validated(byte[] root, long work, Long requested) implements Expected {}

    /** A work_precache taken for {@code root}, as the fuzz RPC's precache takes every one: {@code started}. */
    @SuppressWarnings("ArrayRecordComponent") // matched by type and read, never compared or hashed
    record Precached(byte[] root) implements Expected {}

    /** The success fields of {@code action} (work_cancel, status, benchmark). */
    record Succeeded(Action action) implements Expected {}

    /** {@code POST /} on the open RPC. */
    static Expected onRpc(FuzzCase c) {
        if (c.refusal() != null) return new Refused(c.refusal());
        Sent action = c.field("action");
        if (action.isAbsent()) return new Refused(RpcError.UNABLE_TO_PARSE_JSON);
        if (!action.good()) return new Refused(RpcError.UNKNOWN_COMMAND);
        return of((Action) action.meaning(), c);
    }

    /** A function route: the route names the action; a body Funqy reads as no request is refused, but by status. */
    static Expected onRoute(Action route, FuzzCase c) {
        if (c.noRequest())
            return route == Action.STATUS ? new Succeeded(route) : new Refused(RpcError.UNABLE_TO_PARSE_JSON);
        if (c.refusal() != null) return new Refused(c.refusal());
        return of(route, c);
    }

    /** {@code POST /} with a wrong bearer key: a body it can read never gets past the key check. */
    static Expected locked(FuzzCase c) {
        return new Refused(c.refusal() != null ? c.refusal() : RpcError.KEY_WRONG);
    }

    private static Expected of(Action action, FuzzCase c) {
        return switch (action) {
            case WORK_GENERATE -> generate(c);
            case WORK_PRECACHE -> precache(c);
            case WORK_VALIDATE -> validate(c);
            case WORK_CANCEL -> {
                Refused badHash = hashRefused(c.field("hash"));
                yield badHash != null ? badHash : new Succeeded(action);
            }
            case STATUS -> new Succeeded(action);
            case BENCHMARK ->
                c.field("duration").refused() ? new Refused(RpcError.BAD_DURATION) : new Succeeded(action);
        };
    }

    /**
     * nano_node's order: version, account, hash, difficulty, multiplier, the limits, the block. The generator's
     * {@code account} and {@code block} values are never a real account or block, so one present is refused; a
     * request with a block and no difficulty of its own is held to the limits at the block's difficulty, after it.
     */
    private static Expected generate(FuzzCase c) {
        Sent hash = c.field("hash"), difficulty = c.field("difficulty"), multiplier = c.field("multiplier");
        if (c.field("version").refused()) return new Refused(RpcError.BAD_WORK_VERSION);
        if (!c.field("account").isAbsent()) return new Refused(RpcError.BAD_ACCOUNT_NUMBER);
        Refused badHash = hashRefused(hash);
        if (badHash != null) return badHash;
        if (difficulty.refused()) return new Refused(RpcError.BAD_DIFFICULTY);
        if (multiplier.refused()) return new Refused(RpcError.BAD_MULTIPLIER);
        Long requested = requested(difficulty, multiplier);
        long threshold = requested == null ? Reference.SEND : requested;
        boolean block = !c.field("block").isAbsent();
        if ((requested != null || !block) && Long.compareUnsigned(threshold, MAX_DIFFICULTY) > 0)
            return new Refused(RpcError.DIFFICULTY_LIMIT);
        if (block) return new Refused(RpcError.INVALID_BLOCK);
        return new Generated((byte[]) hash.meaning(), threshold);
    }

    /**
     * work_generate's order without its account: version, hash (absent only beside a block), difficulty, multiplier,
     * the limits (the base's when none is asked), the block, whose hash is the root. The generator's blocks are never
     * real, so one present is refused.
     */
    private static Expected precache(FuzzCase c) {
        Sent hash = c.field("hash"), difficulty = c.field("difficulty"), multiplier = c.field("multiplier");
        boolean block = !c.field("block").isAbsent();
        if (c.field("version").refused()) return new Refused(RpcError.BAD_WORK_VERSION);
        if (!hash.isAbsent() || !block) {
            Refused badHash = hashRefused(hash);
            if (badHash != null) return badHash;
        }
        if (difficulty.refused()) return new Refused(RpcError.BAD_DIFFICULTY);
        if (multiplier.refused()) return new Refused(RpcError.BAD_MULTIPLIER);
        Long requested = requested(difficulty, multiplier);
        if (Long.compareUnsigned(requested == null ? Reference.SEND : requested, MAX_DIFFICULTY) > 0)
            return new Refused(RpcError.DIFFICULTY_LIMIT);
        if (block) return new Refused(RpcError.INVALID_BLOCK);
        return new Precached((byte[]) hash.meaning());
    }

    /** nano_node's order: hash, work, version, difficulty, multiplier; {@code valid} only for a {@code difficulty}. */
    private static Expected validate(FuzzCase c) {
        Sent hash = c.field("hash"), work = c.field("work"), difficulty = c.field("difficulty");
        Sent multiplier = c.field("multiplier");
        Refused badHash = hashRefused(hash);
        if (badHash != null) return badHash;
        if (!work.good()) return new Refused(RpcError.BAD_WORK);
        if (c.field("version").refused()) return new Refused(RpcError.BAD_WORK_VERSION);
        if (difficulty.refused()) return new Refused(RpcError.BAD_DIFFICULTY);
        if (multiplier.refused()) return new Refused(RpcError.BAD_MULTIPLIER);
        Long requested = difficulty.good() ? requested(difficulty, multiplier) : null;
        return new Validated((byte[]) hash.meaning(), (Long) work.meaning(), requested);
    }

    /** A missing hash is nano_node's {@code Unable to parse JSON} (its get throws); a bad one {@code Invalid block hash}. */
    private static Refused hashRefused(Sent hash) {
        if (hash.isAbsent()) return new Refused(RpcError.UNABLE_TO_PARSE_JSON);
        return hash.good() ? null : new Refused(RpcError.INVALID_BLOCK_HASH);
    }

    /** A multiplier overrides a difficulty, as in nano_node; null when neither is sent. */
    private static Long requested(Sent difficulty, Sent multiplier) {
        if (multiplier.good()) return (Long) multiplier.meaning();
        return difficulty.good() ? (Long) difficulty.meaning() : null;
    }
}
