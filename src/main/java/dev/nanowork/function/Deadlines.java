package dev.nanowork.function;

import java.time.Duration;
import java.util.OptionalLong;

/**
 * When a search must stop. On Lambda: the smallest of the configured deadline, the invocation's remaining
 * time less a margin (to write the answer before Lambda cuts the invocation), and 29 s (API Gateway's
 * HTTP API gives up at 30 s, so a later answer would reach nobody). Elsewhere (self-hosted, dev mode):
 * the configured deadline.
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
     * The deadline on the {@link System#nanoTime()} clock for a request that arrived at {@code nowNanos}.
     *
     * @param remainingMillis the Lambda invocation's remaining time, absent outside Lambda
     */
    public long deadlineNanos(long nowNanos, OptionalLong remainingMillis) {
        long budget = configured.toNanos();
        if (remainingMillis.isPresent()) {
            budget = Math.min(budget, GATEWAY_LIMIT.toNanos());
            budget = Math.min(
                    budget,
                    Math.max(
                            0,
                            Duration.ofMillis(remainingMillis.getAsLong())
                                    .minus(margin)
                                    .toNanos()));
        }
        return nowNanos + budget;
    }

    /** The budget of a request arriving outside Lambda. */
    public Duration budget() {
        return Duration.ofNanos(deadlineNanos(0, OptionalLong.empty()));
    }
}
