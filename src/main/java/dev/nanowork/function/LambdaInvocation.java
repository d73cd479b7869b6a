package dev.nanowork.function;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.vertx.http.runtime.QuarkusHttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The Lambda invocation behind an HTTP request, when there is one: quarkus-amazon-lambda-http turns each
 * API Gateway event into an in-process HTTP request and hangs the invocation's {@link Context} and the event's
 * request context on its headers. Self-hosted (and in dev and test mode's mock event server) there is none.
 */
final class LambdaInvocation {
    /** Lambda's longest timeout, 15 minutes: a remaining time outside [0, this] is no deadline at all. */
    static final long MAX_TIMEOUT_MILLIS = 15 * 60 * 1000;

    private LambdaInvocation() {}

    /** The invocation's remaining time in milliseconds, or empty outside Lambda. */
    static OptionalLong remainingMillis(RoutingContext rc) {
        Context context = invocationObject(rc, Context.class);
        if (context != null) {
            long remaining = context.getRemainingTimeInMillis();
            if (remaining >= 0 && remaining <= MAX_TIMEOUT_MILLIS) return OptionalLong.of(remaining);
        }
        return OptionalLong.empty();
    }

    /**
     * When API Gateway received the request ({@code requestContext.timeEpoch} of its event, epoch milliseconds),
     * or empty outside Lambda or when the event carries none: the start of everything the client waits through,
     * a SnapStart restore included.
     */
    static OptionalLong gatewayReceivedEpochMillis(RoutingContext rc) {
        APIGatewayV2HTTPEvent.RequestContext event = invocationObject(rc, APIGatewayV2HTTPEvent.RequestContext.class);
        if (event == null || event.getTimeEpoch() <= 0) return OptionalLong.empty();
        return OptionalLong.of(event.getTimeEpoch());
    }

    /** Lambda's id of the invocation ({@code Context.getAwsRequestId()}), empty off Lambda. */
    static Optional<String> requestId(RoutingContext rc) {
        Context context = invocationObject(rc, Context.class);
        return context == null ? Optional.empty() : Optional.ofNullable(context.getAwsRequestId());
    }

    /**
     * What quarkus-amazon-lambda-http hung on the request's headers, on Lambda only: the mock event server of dev
     * and test mode sends no Lambda-Runtime-Deadline-Ms (the context then counts from 0, an int overflow of
     * -currentTimeMillis) and its events carry the fixed timeEpoch of the samples, so neither is read there.
     */
    private static <T> T invocationObject(RoutingContext rc, Class<T> type) {
        if (LaunchMode.current() == LaunchMode.NORMAL && rc.request().headers() instanceof QuarkusHttpHeaders headers) {
            return headers.getContextObject(type);
        }
        return null;
    }
}
