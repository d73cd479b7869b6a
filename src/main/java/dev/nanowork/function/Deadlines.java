package dev.nanowork.function;

import java.time.Duration;
import java.util.OptionalLong;

/**
 * When a search must stop, counted from when the request arrived, not from when its handler runs: time spent
 * before the handler (a SnapStart restore, the body read, a wait for a worker thread) comes out of the same
 * budget, so the answer still reaches the client in time. On Lambda: the smallest of the configured deadline
 * and 29 s (API Gateway's HTTP API gives up at 30 s, so a later answer would reach nobody), both less the time
 * since API Gateway received the request, and the invocation's remaining time less a margin (to write the
 * answer before Lambda cuts the invocation; Lambda counts that remaining time itself). Elsewhere (self-hosted,
 * dev mode): the configured deadline less the time since the HTTP server had the request's headers.
 */
public final class Deadlines {
    /** API Gateway HTTP API's integration timeout (30 s, not raisable) less one second for the way back. */
    public static final Duration GATEWAY_LIMIT = Duration.ofSeconds(29);

    private final Duration configured;
    private final Duration margin;

    public Deadlines(Duration configured, Duration margin) {
        if (configured.isNegative() || configured.isZero())
            throw new IllegalArgumentException("nano-work.deadline must be positive, was " + configured);
        if (margin.isNegative())
            throw new IllegalArgumentException("nano-work.deadline-margin must not be negative, was " + margin);
        this.configured = configured;
        this.margin = margin;
    }

    /**
     * The deadline on the {@link System#nanoTime()} clock of a request that arrived {@code waitedNanos} before
     * {@code nowNanos}.
     *
     * @param waitedNanos the time the request spent before its handler ({@link #waitedNanos}); never negative
     * @param remainingMillis the Lambda invocation's remaining time, absent outside Lambda
     */
    public long deadlineNanos(long nowNanos, long waitedNanos, OptionalLong remainingMillis) {
        if (waitedNanos < 0) throw new IllegalArgumentException("waited " + waitedNanos + " ns");
        long budget = configured.toNanos() - waitedNanos;
        if (remainingMillis.isPresent()) {
            budget = Math.min(budget, GATEWAY_LIMIT.toNanos() - waitedNanos);
            budget = Math.min(
                    budget,
                    Duration.ofMillis(remainingMillis.getAsLong()).minus(margin).toNanos());
        }
        return nowNanos + Math.max(0, budget);
    }

    /**
     * The time a request spent before its handler: since this server's HTTP layer stamped it
     * ({@code sinceStampNanos}), or since API Gateway received it ({@code requestContext.timeEpoch} of its
     * event), whichever is longer. The gateway's clock is not this one, so its time counts only when plausible:
     * from 0 to {@link #GATEWAY_LIMIT} ago. A receipt in the future (a gateway clock ahead of ours) adds nothing;
     * one longer ago is no request the gateway still waits on (an event replayed, or sent by hand with
     * {@code aws lambda invoke}), and counting it would leave no time at all.
     */
    public static long waitedNanos(long sinceStampNanos, OptionalLong gatewayReceivedEpochMillis, long nowEpochMillis) {
        long waited = Math.max(0, sinceStampNanos);
        if (gatewayReceivedEpochMillis.isPresent()) {
            long sinceGateway = nowEpochMillis - gatewayReceivedEpochMillis.getAsLong();
            if (sinceGateway >= 0 && sinceGateway <= GATEWAY_LIMIT.toMillis()) {
                waited = Math.max(waited, Duration.ofMillis(sinceGateway).toNanos());
            }
        }
        return waited;
    }

    /** The budget of a request arriving outside Lambda. */
    public Duration budget() {
        return Duration.ofNanos(deadlineNanos(0, 0, OptionalLong.empty()));
    }
}
