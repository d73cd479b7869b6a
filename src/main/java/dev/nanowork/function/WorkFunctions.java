package dev.nanowork.function;

import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.Answer;
import dev.nanowork.rpc.RpcRequest;
import io.quarkus.funqy.Funq;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The function routes, one per action ({@code POST /work_generate}, ...). Funqy reads each body once, into
 * the {@link RpcRequest} the function gets ({@code null} when there is none), with the endpoint's limits
 * ({@link RequestJson}); each function only adds the route's action, the caller's key, who the caller is
 * (found by {@link HttpRoutes} before Funqy's route) and this request's deadline. A body's {@code action}, if any, is not read: the route names it.
 */
public class WorkFunctions {
    @Inject
    WorkEngine engine;

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
        RoutingContext rc = request.getCurrent();
        return engine.rpc().handle(action, body, authorization(rc), HttpRoutes.caller(rc), engine.deadlineNanos(rc));
    }

    /** The request's {@code Authorization} header, if any. */
    static Optional<String> authorization(RoutingContext rc) {
        return Optional.ofNullable(rc.request().getHeader("Authorization"));
    }
}
