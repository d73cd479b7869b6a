package dev.nanowork.support;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.Answer;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.rpc.RpcRequest;
import dev.nanowork.rpc.WorkRpc;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link WorkRpc} whose answers are read back as the wire writes them, field by field in order: the
 * tests compare what a client would receive.
 */
public final class MapRpc {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, String>> FIELDS = new TypeReference<>() {};

    private final WorkRpc target;

    private MapRpc(WorkRpc rpc) {
        this.target = rpc;
    }

    public static MapRpc of(WorkRpc rpc) {
        return new MapRpc(rpc);
    }

    /** An answer's fields, in the order the wire has them. */
    public static Map<String, String> fields(Answer answer) {
        return JSON.convertValue(answer, FIELDS);
    }

    /** {@code POST /}. */
    public Map<String, String> handle(String body, long deadlineNanos) {
        return handle(body, Optional.empty(), deadlineNanos);
    }

    /** {@code POST /} with an {@code Authorization} header. */
    public Map<String, String> handle(String body, Optional<String> authorization, long deadlineNanos) {
        return fields(target.handle(body, authorization, deadlineNanos));
    }

    /** A function route, given the body as Funqy reads it. */
    public Map<String, String> handle(Action action, JsonNode body, long deadlineNanos) {
        return handle(action, body, Optional.empty(), deadlineNanos);
    }

    /** A function route with an {@code Authorization} header. */
    public Map<String, String> handle(
            Action action, JsonNode body, Optional<String> authorization, long deadlineNanos) {
        RpcRequest request;
        try {
            request = body == null || body.isNull() ? null : RpcRequest.of(body);
        } catch (RpcError e) {
            return fields(e.answer()); // Funqy fails the request; HttpRoutes answers it
        }
        return fields(target.handle(action, request, authorization, deadlineNanos));
    }
}
