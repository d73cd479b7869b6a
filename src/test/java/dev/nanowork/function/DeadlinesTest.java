package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The one deadline of a request, from the transport's facts. */
class DeadlinesTest {
    @Test
    void deadlineIsTheSmallestOfConfiguredInvocationAndGateway() {
        Deadlines d = new Deadlines(Duration.ofSeconds(28), Duration.ofMillis(750));
        long ms = 1_000_000;
        assertEquals(28_000 * ms, d.deadlineNanos(0, OptionalLong.empty()), "configured");
        assertEquals(10_000 * ms - 750 * ms, d.deadlineNanos(0, OptionalLong.of(10_000)), "invocation less the margin");
        assertEquals(0, d.deadlineNanos(0, OptionalLong.of(500)), "no time left: stop at once");
        assertEquals(
                29_000 * ms,
                new Deadlines(Duration.ofMinutes(5), Duration.ZERO).deadlineNanos(0, OptionalLong.of(900_000)),
                "API Gateway's 29 s");
        assertEquals(
                300_000 * ms,
                new Deadlines(Duration.ofMinutes(5), Duration.ZERO).deadlineNanos(0, OptionalLong.empty()),
                "self-hosted: as configured");
    }
}
