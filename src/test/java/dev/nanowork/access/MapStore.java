package dev.nanowork.access;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** A parameter store in memory, with a failure switch and a count of reads, for the key tests. */
final class MapStore implements ParameterStore {
    final Map<String, List<Version>> parameters = new ConcurrentHashMap<>();
    int reads;
    KeyUnavailableException failing;

    void put(String name, String value) {
        put(name, value, Instant.EPOCH);
    }

    void put(String name, String value, Instant modified) {
        List<Version> versions = parameters.computeIfAbsent(name, n -> new ArrayList<>());
        versions.add(new Version(value, versions.size() + 1, modified));
    }

    /** A key of this store, cached 5 minutes, 30 minutes' grace, on the system clock. */
    RotatingKey key(String name) {
        return new RotatingKey(name, this, Duration.ofMinutes(5), Duration.ofMinutes(30), Clock.systemUTC());
    }

    @Override
    public Version latest(String name) {
        reads++;
        if (failing != null) throw failing;
        List<Version> versions = parameters.get(name);
        if (versions == null) throw new KeyUnavailableException("SSM parameter " + name + ": ParameterNotFound");
        return versions.get(versions.size() - 1);
    }

    @Override
    public Optional<Version> version(String name, long number) {
        reads++;
        if (failing != null) throw failing;
        List<Version> versions = parameters.getOrDefault(name, List.of());
        return number >= 1 && number <= versions.size()
                ? Optional.of(versions.get((int) number - 1))
                : Optional.empty();
    }
}
