package dev.nanowork.function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.nanowork.rpc.Action;
import io.quarkus.funqy.Funq;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import jakarta.inject.Inject;
import java.util.Map;

/**
 * The function routes, one per action ({@code POST /work_generate}, ...): each only hands the body to the
 * RPC with this request's deadline. The body's {@code action}, if any, is not read: the route names it.
 */
public class WorkFunctions {
    @Inject
    WorkEngine engine;

    @Inject
    CurrentVertxRequest request;

    @Funq("work_generate")
    public Map<String, String> workGenerate(JsonNode body) {
        return answer(Action.WORK_GENERATE, body);
    }

    @Funq("work_validate")
    public Map<String, String> workValidate(JsonNode body) {
        return answer(Action.WORK_VALIDATE, body);
    }

    @Funq("work_cancel")
    public Map<String, String> workCancel(JsonNode body) {
        return answer(Action.WORK_CANCEL, body);
    }

    @Funq("benchmark")
    public Map<String, String> benchmark(JsonNode body) {
        return answer(Action.BENCHMARK, body);
    }

    /** Takes no input: an operator can {@code curl -X POST .../status}. */
    @Funq("status")
    public Map<String, String> status() {
        return answer(Action.STATUS, JsonNodeFactory.instance.objectNode());
    }

    private Map<String, String> answer(Action action, JsonNode body) {
        var rc = request.getCurrent();
        return engine.rpc().handle(action, body, java.util.Optional.ofNullable(rc.request().getHeader("Authorization")),
                engine.deadlineNanos(LambdaInvocation.remainingMillis(rc)));
    }
}
