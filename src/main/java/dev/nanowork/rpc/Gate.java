package dev.nanowork.rpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.search.Caller;
import java.util.Optional;

/**
 * Who may in, before anything is run: the optional key (bearer token or {@code key} field), and the operator
 * action {@code benchmark} when {@code nano-work.benchmark.requires-key} is set. Nothing here is logged (the
 * key is a secret).
 */
final class Gate {
    private final SharedSecret access;
    private final boolean benchmarkRequiresKey;

    Gate(SharedSecret access, boolean benchmarkRequiresKey) {
        this.access = access;
        this.benchmarkRequiresKey = benchmarkRequiresKey;
    }

    /**
     * Lets {@code request} in or throws {@code Key required} / {@code Invalid key}. A {@code key} field that is
     * not a JSON string is {@code Invalid key} even beside the right bearer token: a request that carries two
     * credentials, one of them malformed, is refused rather than guessed at.
     *
     * @return {@code caller}, known to hold the key when one is required (a work_cancel by any key holder reaches
     *     the searches of every key holder: the one shared key makes them one party)
     */
    Caller letIn(RpcRequest request, Optional<String> authorization, Caller caller) {
        if (!access.required()) return caller;
        JsonNode field = request.field("key");
        if (field != null && !field.isNull() && !field.isTextual()) {
            throw new RpcError(RpcError.KEY_WRONG, "key must be a JSON string");
        }
        return switch (access.check(
                authorization,
                Optional.ofNullable(field).filter(JsonNode::isTextual).map(JsonNode::asText))) {
            case ALLOWED -> caller.holdingKey();
            case MISSING ->
                throw new RpcError(
                        RpcError.KEY_MISSING,
                        "this endpoint needs a key: send the header Authorization: Bearer <key>, or a \"key\" field in the body");
            case WRONG -> throw new RpcError(RpcError.KEY_WRONG, "the key sent is not this endpoint's key");
        };
    }

    /**
     * Refuses {@code benchmark} as nano_node refuses a control action it was not allowed, when it is an
     * operator action here and no key is configured (so no one can be the operator). With a key, {@link #letIn}
     * has already let only its holders in.
     */
    void mayRun(Action action) {
        if (action == Action.BENCHMARK && benchmarkRequiresKey && !access.required()) {
            throw new RpcError(
                    RpcError.CONTROL_DISABLED,
                    "benchmark is an operator action on this deployment (nano-work.benchmark.requires-key) and no key"
                            + " is configured: set nano-work.auth.key or nano-work.auth.key-parameter");
        }
    }
}
