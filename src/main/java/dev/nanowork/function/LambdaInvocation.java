package dev.nanowork.function;

import com.amazonaws.services.lambda.runtime.Context;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.vertx.http.runtime.QuarkusHttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.util.OptionalLong;

/**
 * The Lambda invocation behind an HTTP request, when there is one: quarkus-amazon-lambda-http turns each
 * API Gateway event into an in-process HTTP request and hangs the invocation's {@link Context} on its
 * headers. Self-hosted (and in the mock event server's absence) there is none.
 */
final class LambdaInvocation {
    /** Lambda's longest timeout, 15 minutes: a remaining time outside [0, this] is no deadline at all. */
    static final long MAX_TIMEOUT_MILLIS = 15 * 60 * 1000;

    private LambdaInvocation() {}

    /** The invocation's remaining time in milliseconds, or empty outside Lambda. */
    static OptionalLong remainingMillis(RoutingContext rc) {
        if (rc.request().headers() instanceof QuarkusHttpHeaders headers) {
            Context context = headers.getContextObject(Context.class);
            // The mock event server of dev and test mode sends no Lambda-Runtime-Deadline-Ms, and the context
            // then counts from 0 (an int overflow of -currentTimeMillis): ignore it there and when implausible.
            if (context != null && LaunchMode.current() == LaunchMode.NORMAL) {
                long remaining = context.getRemainingTimeInMillis();
                if (remaining >= 0 && remaining <= MAX_TIMEOUT_MILLIS) return OptionalLong.of(remaining);
            }
        }
        return OptionalLong.empty();
    }
}
