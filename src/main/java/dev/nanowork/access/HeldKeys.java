package dev.nanowork.access;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * What one read of the store found, for every parameter the endpoint uses: each one's newest value, and during a
 * rotation its previous value too, accepted until {@code grace} after the newest was written (SSM's {@code
 * LastModifiedDate}: the same end the edge applies, infra/edge-keys.sh). Immutable; a read is used until {@link
 * #freshUntil} and then read again ({@link StoredKeys}).
 */
public final class HeldKeys {
    private static final Logger LOG = Logger.getLogger(HeldKeys.class.getName());

    /** One parameter as read: its newest version alone, and with its previous one until that stops. */
    private record Held(
            ParameterStore.Version version, SharedSecret latest, SharedSecret withPrevious, Instant previousUntil) {
        SharedSecret at(Instant now) {
            return now.isBefore(previousUntil) ? withPrevious : latest;
        }
    }

    private final Map<String, Held> byParameter;
    private final Instant readAt;
    private final Instant freshUntil;

    private HeldKeys(Map<String, Held> byParameter, Instant readAt, Instant freshUntil) {
        this.byParameter = Map.copyOf(byParameter);
        this.readAt = readAt;
        this.freshUntil = freshUntil;
    }

    /**
     * Reads {@code parameters}: one call for their newest versions, and a second, for the previous versions, only while
     * a rotation's grace needs them.
     *
     * @param now when the read starts (what it holds may be that old)
     * @throws KeyUnavailableException when the store cannot be read, lacks a parameter, or holds a weak key in one
     */
    static HeldKeys read(ParameterStore store, List<String> parameters, Duration cache, Duration grace, Instant now) {
        ParameterStore.Found newest = store.read(parameters);
        if (!newest.invalid().isEmpty())
            throw new KeyUnavailableException("SSM parameters " + new TreeSet<>(newest.invalid())
                    + " not found (GetParameters lists them as InvalidParameters)");
        Map<String, ParameterStore.Version> latest = new HashMap<>();
        List<String> previous = new ArrayList<>();
        for (String p : parameters) {
            ParameterStore.Version v = newest.versions().get(p);
            if (v == null) throw new KeyUnavailableException("SSM answered no value for parameter " + p);
            KeyStrength.weakness(v.value()).ifPresent(w -> {
                throw new KeyUnavailableException(
                        "SSM parameter " + p + " (" + v + ") holds a weak key (" + w + "): " + KeyStrength.RULE);
            });
            latest.put(p, v);
            if (v.number() > 1 && now.isBefore(written(v).plus(grace))) previous.add(p + ":" + (v.number() - 1));
        }
        Map<String, ParameterStore.Version> older =
                previous.isEmpty() ? Map.of() : store.read(previous).versions();
        Map<String, Held> held = new HashMap<>();
        Instant freshUntil = now.plus(cache);
        for (String p : parameters) {
            ParameterStore.Version v = latest.get(p);
            SharedSecret alone = SharedSecret.of(v.value());
            Optional<ParameterStore.Version> before =
                    Optional.ofNullable(older.get(p + ":" + (v.number() - 1))).filter(o -> strong(p, o));
            if (before.isEmpty()) {
                held.put(p, new Held(v, alone, alone, Instant.MIN));
                continue;
            }
            Instant until = written(v).plus(grace);
            held.put(
                    p,
                    new Held(
                            v,
                            alone,
                            SharedSecret.anyOf(List.of(v.value(), before.get().value())),
                            until));
            // Read again when the previous version stops, so that the next read drops it at once.
            if (until.isBefore(freshUntil)) freshUntil = until;
        }
        return new HeldKeys(held, now, freshUntil);
    }

    private static Instant written(ParameterStore.Version v) {
        return v.modified() == null ? Instant.EPOCH : v.modified();
    }

    /** A previous version too weak to accept is left out, said once per read (the newest is the one to fix). */
    private static boolean strong(String parameter, ParameterStore.Version previous) {
        Optional<String> weakness = KeyStrength.weakness(previous.value());
        weakness.ifPresent(w -> LOG.warning(() -> "SSM parameter " + parameter + " " + previous + " holds a weak key ("
                + w + "): not accepted during the rotation; " + KeyStrength.RULE));
        return weakness.isEmpty();
    }

    /** The secret of {@code parameter} at {@code now}: its newest value, with the previous one until it stops. */
    public SharedSecret secret(String parameter, Instant now) {
        Held held = byParameter.get(parameter);
        if (held == null) throw new IllegalArgumentException("no parameter " + parameter + " was read");
        return held.at(now);
    }

    /** When the read started. */
    Instant readAt() {
        return readAt;
    }

    /** Until when this read is used as it is: then a request starts the next read. */
    public Instant freshUntil() {
        return freshUntil;
    }

    /** The versions read, and which previous ones are accepted until when (never a value). */
    String describe() {
        return byParameter.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + " " + e.getValue().version()
                        + (e.getValue().previousUntil().equals(Instant.MIN)
                                ? ""
                                : " (version " + (e.getValue().version().number() - 1) + " accepted too until "
                                        + e.getValue().previousUntil() + ")"))
                .collect(Collectors.joining(", "));
    }

    /** Whether {@code other} holds the same versions (nothing changed since). */
    boolean sameVersions(HeldKeys other) {
        return other != null && describe().equals(other.describe());
    }
}
