package dev.nanowork.search;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The searches waiting for their turn: one line per client, the clients served in turn. Each client's searches keep
 * their order (first asked, first served), but a client with many searches waiting has no more turns than a client
 * with one: one client's queued searches cannot starve another's. Not thread-safe: the {@link WorkQueue}'s lock
 * guards it.
 */
final class ClientRounds implements Iterable<Job> {
    /** The clients in the order of their next turn, each with its line. */
    private final LinkedHashMap<String, ArrayDeque<Job>> lines = new LinkedHashMap<>();

    private int size;

    /** Queues {@code job} last in its client's line; a client new to the rounds has its turn after the others. */
    void add(Job job) {
        lines.computeIfAbsent(job.client, c -> new ArrayDeque<>()).addLast(job);
        size++;
    }

    /**
     * Puts a search whose turn ended back first in its client's line, and that client after the others (it has
     * just had its turn).
     */
    void putBack(Job job) {
        ArrayDeque<Job> line = lines.remove(job.client);
        if (line == null) line = new ArrayDeque<>();
        line.addFirst(job);
        lines.put(job.client, line);
        size++;
    }

    /** The next client's oldest search, taken out; that client's turn comes again after the others'. */
    Job next() {
        Iterator<Map.Entry<String, ArrayDeque<Job>>> first = lines.entrySet().iterator();
        Map.Entry<String, ArrayDeque<Job>> entry = first.next();
        first.remove();
        Job job = entry.getValue().removeFirst();
        if (!entry.getValue().isEmpty()) lines.put(entry.getKey(), entry.getValue());
        size--;
        return job;
    }

    boolean remove(Job job) {
        ArrayDeque<Job> line = lines.get(job.client);
        if (line == null || !line.remove(job)) return false;
        if (line.isEmpty()) lines.remove(job.client);
        size--;
        return true;
    }

    /** Whether a search of a client other than {@code client} waits. */
    boolean othersThan(String client) {
        return lines.size() > (lines.containsKey(client) ? 1 : 0);
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Takes every search out, and answers them. */
    List<Job> clear() {
        List<Job> all = new ArrayList<>();
        for (Job j : this) all.add(j);
        lines.clear();
        size = 0;
        return all;
    }

    @Override
    public Iterator<Job> iterator() {
        return lines.values().stream().flatMap(ArrayDeque::stream).iterator();
    }
}
