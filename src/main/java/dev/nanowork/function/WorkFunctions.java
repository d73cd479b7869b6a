package dev.nanowork.function;

import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.Answer;
import dev.nanowork.rpc.RpcRequest;
import dev.nanowork.rpc.WorkRpc;
import io.quarkus.funqy.Funq;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import jakarta.inject.Inject;

/**
 * The function routes, one per action ({@code POST /work_generate}, ...). Funqy reads each body once, into the {@link
 * RpcRequest} the function gets ({@code null} when there is none), through {@code RpcRequest}'s own deserializer,
 * which holds what it read to {@link dev.nanowork.rpc.RequestLimits} (the body itself was already bounded by {@link
 * BodyReader}); each function only adds the route's action and the request's context (who sent it, its key, its
 * deadline: {@link RequestContexts}). A body's {@code action}, if any, is not read: the route names it.
 */
public class WorkFunctions {
    @Inject
    WorkRpc rpc;

    @Inject
    CurrentVertxRequest request;

    @Funq("work_generate")
    public Answer workGenerate(RpcRequest body) {
        return answer(Action.WORK_GENERATE, body);
    }

    @Funq("work_validate")
    public Answer workValidate(RpcRequest body) {
        return answer(Action.WORK_VALIDATE, body);
    }

    @Funq("work_cancel")
    public Answer workCancel(RpcRequest body) {
        return answer(Action.WORK_CANCEL, body);
    }

    @Funq("work_precache")
    public Answer workPrecache(RpcRequest body) {
        return answer(Action.WORK_PRECACHE, body);
    }

    @Funq("benchmark")
    public Answer benchmark(RpcRequest body) {
        return answer(Action.BENCHMARK, body);
    }

    /** Needs no body, so that an operator can {@code curl -X POST .../status}; one may carry the {@code key}. */
    @Funq("status")
    public Answer status(RpcRequest body) {
        return answer(Action.STATUS, body == null ? RpcRequest.empty() : body);
    }

    private Answer answer(Action action, RpcRequest body) {
        return rpc.handle(action, body, RequestContexts.of(request.getCurrent()));
    }
}
