package dev.nanowork.access;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * How long to wait before the next read after failures: exponential from {@code base}, doubled per failure up to
 * {@code cap}, with "equal jitter" (half the step fixed, half random) so that many executions that failed together
 * do not read again together, and none sooner than half a step. The default random source is made on first use:
 * after a SnapStart restore, never in the snapshot, so every restored copy draws its own.
 */
final class Backoff {
    /** 1 s, as the one-a-second retry before it; 30 s: a thousand executions then read about 33 times a second. */
    static final Backoff DEFAULT = new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30), null);

    private final Duration base;
    private final Duration cap;
    private DoubleSupplier random;

    /** @param random draws from [0, 1); null: a {@link SecureRandom} made on the first draw */
    Backoff(Duration base, Duration cap, DoubleSupplier random) {
        this.base = base;
        this.cap = cap;
        this.random = random;
    }

    /** The wait after {@code failures} (at least 1) failures in a row. */
    Duration after(int failures) {
        long step = Math.min(base.toMillis() << Math.min(failures - 1, 30), cap.toMillis());
        return Duration.ofMillis(step / 2 + (long) (draw() * (step - step / 2)));
    }

    /** The longest {@link #after} may be. */
    Duration cap() {
        return cap;
    }

    private synchronized double draw() {
        if (random == null) random = new SecureRandom()::nextDouble;
        return random.getAsDouble();
    }
}
