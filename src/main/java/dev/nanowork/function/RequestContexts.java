package dev.nanowork.function;

import dev.nanowork.rpc.RequestContext;
import dev.nanowork.search.Caller;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;

/**
 * Builds each {@code POST}'s {@link RequestContext}, once, on the event loop, before the request waits for anything,
 * and keeps it in the routing context for whichever route answers ({@code POST /} or a function): who sent it
 * ({@link RequestOrigin}), who leaves when its connection closes before the answer (a search no one waits for is
 * stopped); its {@code Authorization} header; and its deadline, counted from its arrival ({@link Arrival}; on Lambda
 * also from API Gateway's receipt and the invocation's remaining time, {@link LambdaInvocation}), which is the same
 * instant whenever it is computed, so it is computed here.
 */
final class RequestContexts implements Handler<RoutingContext> {
    /** Where the context is kept in the routing context. */
    private static final String KEY = "nano-work.request-context";

    private final RequestOrigin origin;
    private final Deadlines deadlines;

    RequestContexts(RequestOrigin origin, Deadlines deadlines) {
        this.origin = origin;
        this.deadlines = deadlines;
    }

    @Override
    public void handle(RoutingContext rc) {
        Caller caller = origin.caller(rc);
        Optional<String> authorization = Optional.ofNullable(rc.request().getHeader("Authorization"));
        rc.put(KEY, new RequestContext(caller, authorization, deadlineNanos(rc), RequestLog.of(rc)));
        rc.addEndHandler(ended -> caller.left()); // after the answer, or when the connection closed first
        if (rc.response().closed()) caller.left();
        rc.next();
    }

    /** The context built for {@code rc}; every {@code POST} route runs after {@link #handle}. */
    static RequestContext of(RoutingContext rc) {
        RequestContext context = rc.get(KEY);
        if (context == null) {
            throw new IllegalStateException("no request context for "
                    + rc.request().path() + ": RequestContexts must run before every POST route");
        }
        return context;
    }

    private long deadlineNanos(RoutingContext rc) {
        long now = System.nanoTime();
        long waited = Deadlines.waitedNanos(
                Arrival.waitedNanos(rc, now),
                LambdaInvocation.gatewayReceivedEpochMillis(rc),
                System.currentTimeMillis());
        return deadlines.deadlineNanos(now, waited, LambdaInvocation.remainingMillis(rc));
    }
}
