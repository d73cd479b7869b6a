package dev.nanowork.access;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

/**
 * A parameter store in memory, read as GetParameters reads (a name is its newest version, {@code name:N} version N,
 * what it lacks listed as invalid), with a failure switch, a silence switch (a read that never returns until {@link
 * #answer}) and the reads it was asked, for the key tests.
 */
final class MapStore implements ParameterStore {
    final Map<String, List<Version>> parameters = new ConcurrentHashMap<>();
    /** Every read, its selectors, in order. */
    final List<List<String>> reads = new CopyOnWriteArrayList<>();

    volatile KeyUnavailableException failing;
    private volatile CountDownLatch silence = new CountDownLatch(0);

    void put(String name, String value, Instant modified) {
        List<Version> versions = parameters.computeIfAbsent(name, n -> new ArrayList<>());
        versions.add(new Version(value, versions.size() + 1, modified));
    }

    /** Reads from now on wait until {@link #answer}. */
    void silent() {
        silence = new CountDownLatch(1);
    }

    /** Ends the silence: the waiting reads answer (or fail, when failing). */
    void answer() {
        silence.countDown();
    }

    int reads() {
        return reads.size();
    }

    @Override
    public Found read(List<String> selectors) {
        reads.add(List.copyOf(selectors));
        try {
            silence.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (failing != null) throw failing;
        Map<String, Version> found = new HashMap<>();
        Set<String> invalid = new HashSet<>();
        for (String s : selectors) {
            int colon = s.lastIndexOf(':');
            List<Version> versions = parameters.getOrDefault(colon < 0 ? s : s.substring(0, colon), List.of());
            int number = colon < 0 ? versions.size() : Integer.parseInt(s.substring(colon + 1));
            if (number >= 1 && number <= versions.size()) found.put(s, versions.get(number - 1));
            else invalid.add(s);
        }
        return new Found(found, invalid);
    }
}
