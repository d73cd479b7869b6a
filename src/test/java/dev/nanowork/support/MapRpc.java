package dev.nanowork.support;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.Answer;
import dev.nanowork.rpc.RequestContext;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.rpc.RpcRequest;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.Caller;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link WorkRpc} whose answers are read back as the wire writes them, field by field in order: the
 * tests compare what a client would receive. Without a {@link RequestContext}, a request is the process's own.
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

    /** {@code POST /} with an {@code Authorization} header, from the process itself. */
    public Map<String, String> handle(String body, Optional<String> authorization, long deadlineNanos) {
        return handle(body, new RequestContext(Caller.LOCAL, authorization, deadlineNanos));
    }

    /** {@code POST /} in {@code context}. */
    public Map<String, String> handle(String body, RequestContext context) {
        return fields(target.handle(body, context));
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
        return fields(target.handle(action, request, new RequestContext(Caller.LOCAL, authorization, deadlineNanos)));
    }
}
