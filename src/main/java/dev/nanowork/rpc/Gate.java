package dev.nanowork.rpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.access.AccessKeys;
import dev.nanowork.access.BearerHeader;
import dev.nanowork.access.Credentials;
import dev.nanowork.access.KeyUnavailableException;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.search.Caller;
import java.util.Optional;

/**
 * Who may in, and who is the operator, before anything is run ({@link Credentials}): the wallet key (bearer token
 * or {@code key} field) lets a request in when one is set; the operator key lets in too, and makes the caller the
 * operator, who alone may run {@code benchmark}, read {@code status}'s details and cancel other clients' searches.
 * Nothing here is logged (the keys are secrets).
 */
final class Gate {
    private final AccessKeys keys;
    private final boolean benchmarkRequiresKey;

    Gate(AccessKeys keys, boolean benchmarkRequiresKey) {
        this.keys = keys;
        this.benchmarkRequiresKey = benchmarkRequiresKey;
    }

    /**
     * Lets {@code request} in, with the {@code Authorization} header of its {@code context}, or throws {@code Key
     * required} / {@code Invalid key}. A {@code key} field that is not a JSON string is {@code Invalid key} even beside
     * the right bearer token: a request that carries two credentials, one of them malformed, is refused rather than
     * guessed at.
     *
     * @return the context's caller, known as the operator when it presented the operator key, else as a key holder
     *     when a wallet key is required
     */
    Caller letIn(RpcRequest request, RequestContext context) {
        Caller caller = context.caller();
        Optional<String> authorization = context.authorization();
        if (!keys.keyed()) return caller;
        if (BearerHeader.read(authorization).kind() == BearerHeader.Kind.MALFORMED) {
            throw new RpcError(RpcError.KEY_WRONG, MALFORMED_HINT);
        }
        Credentials now = current();
        JsonNode field = request.field("key");
        if (field != null && !field.isNull() && !field.isTextual()) {
            throw new RpcError(RpcError.KEY_WRONG, "key must be a JSON string");
        }
        Optional<String> keyField =
                Optional.ofNullable(field).filter(JsonNode::isTextual).map(JsonNode::asText);
        // A key that no key held takes may be one rotated in since the last read: wait (briefly) for a fresh one.
        if (!accepts(now, authorization, keyField)) now = fresher(now);
        if (now.operator().required()
                && now.operator().check(authorization, keyField) == SharedSecret.Verdict.ALLOWED) {
            return caller.asOperator();
        }
        if (!now.wallet().required()) return caller;
        return switch (now.wallet().check(authorization, keyField)) {
            case ALLOWED -> caller.holdingKey();
            case MISSING ->
                throw new RpcError(
                        RpcError.KEY_MISSING,
                        "this endpoint needs a key: send the header Authorization: Bearer <key>, or a \"key\" field in the body");
            case WRONG -> throw new RpcError(RpcError.KEY_WRONG, "the key sent is not this endpoint's key");
            case MALFORMED -> throw new RpcError(RpcError.KEY_WRONG, MALFORMED_HINT);
        };
    }

    private static final String MALFORMED_HINT =
            "the Authorization header must be Bearer <key> (one token, no spaces in it), or absent with a \"key\" field";

    /** The keys now; a key that cannot be read refuses the request (the log says why), never lets it in. */
    private Credentials current() {
        try {
            return keys.current();
        } catch (KeyUnavailableException e) {
            throw RpcError.keyUnavailable();
        }
    }

    /** Keys read since {@code seen}, when it is past its cache time ({@link AccessKeys#fresher}). */
    private Credentials fresher(Credentials seen) {
        try {
            return keys.fresher(seen);
        } catch (KeyUnavailableException e) {
            throw RpcError.keyUnavailable();
        }
    }

    /** Whether a key of {@code now} takes what the request presented; nothing presented is nothing to take again. */
    private static boolean accepts(Credentials now, Optional<String> authorization, Optional<String> keyField) {
        if (SharedSecret.presented(authorization, keyField).isEmpty()) return true;
        return (now.operator().required()
                        && now.operator().check(authorization, keyField) == SharedSecret.Verdict.ALLOWED)
                || (now.wallet().required()
                        && now.wallet().check(authorization, keyField) == SharedSecret.Verdict.ALLOWED);
    }

    /**
     * Whether {@code caller} may do what only the operator may: it presented the operator key, or no key is
     * configured at all (nano_node's open RPC, self-hosted) and {@code nano-work.benchmark.requires-key} is off.
     */
    boolean operates(Caller caller) {
        return caller.operator() || (!keys.keyed() && !benchmarkRequiresKey);
    }

    /** Refuses {@code benchmark} to a caller that is not the operator, saying what would let it run. */
    void mayRun(Action action, Caller caller) {
        if (action != Action.BENCHMARK || operates(caller)) return;
        if (keys.operatorConfigured()) {
            throw new RpcError(
                    RpcError.KEY_MISSING,
                    "benchmark is an operator action: send the operator key (Authorization: Bearer <operator key>)");
        }
        throw new RpcError(
                RpcError.CONTROL_DISABLED,
                "benchmark is an operator action and no operator key is configured on this deployment: set"
                        + " nano-work.auth.operator-key or nano-work.auth.operator-key-parameter");
    }
}
