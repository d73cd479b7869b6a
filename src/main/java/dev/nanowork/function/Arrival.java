package dev.nanowork.function;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;

/**
 * When each request reached this server: stamped by the first route of all, as soon as Vert.x has its headers,
 * so that the deadline also counts what comes before the handler (the body read, a wait for a worker thread,
 * Quarkus' filters). On Lambda the in-process request is made when the invocation starts; what came before it
 * is counted from the API Gateway event instead ({@link LambdaInvocation#gatewayReceivedEpochMillis}).
 */
@ApplicationScoped
public class Arrival {
    /** The lowest order Vert.x has: before this application's other routes and any filter not also at the minimum. */
    static final int ORDER = Integer.MIN_VALUE;

    static final String KEY = "nano-work.arrival-nanos";

    /** Observed first (before HttpRoutes' routes of the same order, such as the body's read), by its priority. */
    void routes(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) Router router) {
        router.route().order(ORDER).handler(Arrival::stamp);
    }

    private static void stamp(RoutingContext rc) {
        rc.put(KEY, System.nanoTime());
        rc.next();
    }

    /** How long ago, at {@code nowNanos}, the request arrived; 0 when it was never stamped. */
    static long waitedNanos(RoutingContext rc, long nowNanos) {
        Long arrived = rc.get(KEY);
        return arrived == null ? 0 : Math.max(0, nowNanos - arrived);
    }
}
