package dev.nanowork.access;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * A key kept in a parameter store, read when first needed (so after a SnapStart restore, never into the snapshot),
 * cached for {@code cache} and read again, so that a rotation reaches every execution within that time without a
 * deploy. A rotation is a new version of the parameter: its previous version stays accepted until {@code grace} after
 * the new one was written (SSM's {@code LastModifiedDate}), the same rule the edge's key store follows
 * (infra/edge-keys.sh), so that wallets can move to the new key while the old one still works at both layers.
 *
 * <p>A read that fails leaves the last keys read in use for at most {@code grace} after that read (a short SSM outage
 * locks no wallet out), and is retried at most once a second; with nothing read, every request is refused with the
 * failure, never let in.
 */
public final class RotatingKey implements KeySource {
    private static final Logger LOG = Logger.getLogger(RotatingKey.class.getName());

    /** The least time between two failed reads: a flood of requests while SSM fails must not become a flood of reads. */
    static final Duration RETRY = Duration.ofSeconds(1);

    private final String parameter;
    private final ParameterStore store;
    private final Duration cache;
    private final Duration grace;
    private final Clock clock;

    private Held held;
    private Instant nextAttempt = Instant.MIN;
    private KeyUnavailableException failure;

    /** What one read found: the newest version alone, and with the previous one until it expires. */
    private record Held(
            SharedSecret latest, SharedSecret withPrevious, Instant previousUntil, Instant readAt, Instant freshUntil) {
        SharedSecret at(Instant now) {
            return now.isBefore(previousUntil) ? withPrevious : latest;
        }
    }

    /**
     * @param cache how long a read is used before the next (positive)
     * @param grace how long a replaced version stays accepted after its successor was written (more than {@code
     *     cache}, else a wallet could be told the new key before every execution has read it)
     */
    public RotatingKey(String parameter, ParameterStore store, Duration cache, Duration grace, Clock clock) {
        if (cache.isNegative() || cache.isZero())
            throw new IllegalArgumentException("the key cache time must be positive");
        if (grace.compareTo(cache) <= 0)
            throw new IllegalArgumentException("the rotation grace (" + grace + ") must exceed the key cache time ("
                    + cache + "): a rotated key must be read everywhere before the old one stops");
        this.parameter = parameter;
        this.store = store;
        this.cache = cache;
        this.grace = grace;
        this.clock = clock;
    }

    @Override
    public synchronized SharedSecret secret() {
        Instant now = clock.instant();
        if (held == null || !now.isBefore(held.freshUntil())) refresh(now);
        return held.at(now);
    }

    @Override
    public boolean configured() {
        return true;
    }

    @Override
    public synchronized void forget() {
        held = null;
        failure = null;
        nextAttempt = Instant.MIN;
    }

    private void refresh(Instant now) {
        if (now.isBefore(nextAttempt)) {
            if (usable(now)) return;
            throw failure;
        }
        try {
            Held read = read(now);
            if (failure != null)
                LOG.info(() -> "key parameter " + parameter + " read again after: " + failure.getMessage());
            held = read;
            failure = null;
        } catch (KeyUnavailableException e) {
            boolean first = failure == null;
            failure = e;
            nextAttempt = now.plus(RETRY);
            boolean usable = usable(now);
            if (first)
                LOG.warning(() -> e.getMessage()
                        + (usable
                                ? "; the keys read at " + held.readAt() + " stay in use until " + staleUntil()
                                : "; refusing every request until the key can be read")
                        + " (retried at most once a second)");
            if (!usable) throw e;
        }
    }

    private boolean usable(Instant now) {
        return held != null && now.isBefore(staleUntil());
    }

    private Instant staleUntil() {
        return held.readAt().plus(grace);
    }

    private Held read(Instant now) {
        ParameterStore.Version latest = store.latest(parameter);
        SharedSecret alone = SharedSecret.of(latest.value());
        Instant written = latest.modified() == null ? Instant.EPOCH : latest.modified();
        Instant previousUntil = written.plus(grace);
        Instant freshUntil = now.plus(cache);
        Optional<ParameterStore.Version> previous = latest.number() > 1 && now.isBefore(previousUntil)
                ? store.version(parameter, latest.number() - 1)
                : Optional.empty();
        if (previous.isEmpty()) {
            logChange(latest, null);
            return new Held(alone, alone, Instant.MIN, now, freshUntil);
        }
        logChange(latest, previousUntil);
        // Read again when the previous version stops, so that the next read drops it at once.
        Instant until = freshUntil.isBefore(previousUntil) ? freshUntil : previousUntil;
        return new Held(
                alone, SharedSecret.anyOf(List.of(latest.value(), previous.get().value())), previousUntil, now, until);
    }

    private long loggedVersion = -1;

    /** One line when the version read changes (never a key). */
    private void logChange(ParameterStore.Version latest, Instant previousUntil) {
        if (latest.number() == loggedVersion) return;
        loggedVersion = latest.number();
        LOG.info(() -> "key parameter " + parameter + ": " + latest
                + (previousUntil == null
                        ? ""
                        : "; version " + (latest.number() - 1) + " accepted too until " + previousUntil)
                + "; read again within " + cache);
    }
}
