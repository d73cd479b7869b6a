package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The one deadline of a request, from the transport's facts, counted from when the request arrived. */
class DeadlinesTest {
    static final long MS = 1_000_000;
    static final long NOW = 1_000_000 * MS; // an arbitrary System.nanoTime() reading
    static final long EPOCH_NOW = 1_764_568_800_000L; // an arbitrary wall-clock reading, ms

    final Deadlines d = new Deadlines(Duration.ofSeconds(28), Duration.ofMillis(750));

    @Test
    void deadlineIsTheSmallestOfConfiguredInvocationAndGateway() {
        assertEquals(28_000 * MS, d.deadlineNanos(0, 0, OptionalLong.empty()), "configured");
        assertEquals(
                10_000 * MS - 750 * MS, d.deadlineNanos(0, 0, OptionalLong.of(10_000)), "invocation less the margin");
        assertEquals(0, d.deadlineNanos(0, 0, OptionalLong.of(500)), "no time left: stop at once");
        assertEquals(
                29_000 * MS,
                new Deadlines(Duration.ofMinutes(5), Duration.ZERO).deadlineNanos(0, 0, OptionalLong.of(900_000)),
                "API Gateway's 29 s");
        assertEquals(
                300_000 * MS,
                new Deadlines(Duration.ofMinutes(5), Duration.ZERO).deadlineNanos(0, 0, OptionalLong.empty()),
                "self-hosted: as configured");
        assertEquals(Duration.ofSeconds(28), d.budget());
    }

    @Test
    void aRequestStampedFiveSecondsBeforeTheHandlerHasFiveSecondsLess() {
        long arrived = NOW - 5_000 * MS;
        long waited = Deadlines.waitedNanos(NOW - arrived, OptionalLong.empty(), EPOCH_NOW);
        assertEquals(5_000 * MS, waited);
        assertEquals(arrived + 28_000 * MS, d.deadlineNanos(NOW, waited, OptionalLong.empty()), "self-hosted");
        assertEquals(
                NOW + 23_000 * MS,
                d.deadlineNanos(NOW, waited, OptionalLong.of(600_000)),
                "Lambda: 28 s from arrival, below the gateway's 29 s from arrival");
        assertEquals(
                NOW + 24_000 * MS,
                new Deadlines(Duration.ofMinutes(5), Duration.ZERO)
                        .deadlineNanos(NOW, waited, OptionalLong.of(600_000)),
                "Lambda: API Gateway's 29 s count from when it received the request");
        assertEquals(
                NOW + 10_000 * MS - 750 * MS,
                d.deadlineNanos(NOW, waited, OptionalLong.of(10_000)),
                "Lambda's remaining time is measured now: the wait is already out of it");
        assertEquals(
                NOW, d.deadlineNanos(NOW, 30_000 * MS, OptionalLong.empty()), "waited past the budget: stop at once");
        assertThrows(IllegalArgumentException.class, () -> d.deadlineNanos(NOW, -1, OptionalLong.empty()));
    }

    @Test
    void theGatewaysReceiptCountsWhenItIsEarlierAndPlausible() {
        long stamped = 200 * MS; // the in-process request, made when the invocation started
        assertEquals(
                5_000 * MS,
                Deadlines.waitedNanos(stamped, OptionalLong.of(EPOCH_NOW - 5_000), EPOCH_NOW),
                "a SnapStart restore of 4.8 s before the invocation: counted from the gateway's timeEpoch");
        assertEquals(
                stamped,
                Deadlines.waitedNanos(stamped, OptionalLong.of(EPOCH_NOW + 3_000), EPOCH_NOW),
                "a gateway clock ahead of ours adds no time");
        assertEquals(
                stamped,
                Deadlines.waitedNanos(stamped, OptionalLong.of(EPOCH_NOW - 100), EPOCH_NOW),
                "the later of the two is not taken");
        assertEquals(
                29_000 * MS,
                Deadlines.waitedNanos(stamped, OptionalLong.of(EPOCH_NOW - 29_000), EPOCH_NOW),
                "up to the gateway's whole budget");
        assertEquals(
                stamped,
                Deadlines.waitedNanos(stamped, OptionalLong.of(EPOCH_NOW - 29_001), EPOCH_NOW),
                "longer ago than the gateway waits: a replayed event, not counted");
        assertEquals(
                stamped,
                Deadlines.waitedNanos(stamped, OptionalLong.of(1_796_015_611_000L), EPOCH_NOW + 86_400_000L),
                "samples/events' day-old timeEpoch, sent by hand");
        assertEquals(0, Deadlines.waitedNanos(-5, OptionalLong.empty(), EPOCH_NOW), "never negative");
    }
}
