package dev.nanowork.share;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.util.Optional;
import java.util.Set;

/**
 * One root's record as read from the table.
 *
 * @param difficulty the highest difficulty its askers want (each is answered at its own: {@link #threshold}); for a
 *     found record, the highest they wanted when it was found
 * @param searchId the search that owns the record: workers stop when it changes, and only its executions may write
 *     its result
 * @param work the best work found so far: while searching, one that reaches some askers but not all (those it reaches
 *     are answered, the search goes on for the others); once found, one that reaches every asker. Not yet checked: see
 *     {@link WorkRecords}
 * @param askers the clients waiting for it, each with its own difficulty ({@code work_cancel} withdraws its caller's;
 *     the search ends when none is left)
 * @param workers how many workers the search has been given in all: a raise invokes only the ones it lacks
 * @param revision how many times the record was written since it was claimed: a write that depends on what was read
 *     (the highest difficulty after a withdrawal) is conditioned on it, and of two reads the later has the higher
 * @param leaseUntilMillis until when the search is live (epoch milliseconds): the latest deadline among its askers; a
 *     searching record past it was left by executions that are gone, and the next request takes it over
 * @param expiresAtSeconds when the record stops counting (epoch seconds, the table's TTL attribute; the code ignores
 *     an expired item itself, since TTL deletes late)
 */
public record WorkRecord(
        Root root,
        State state,
        Difficulty difficulty,
        String searchId,
        Optional<Work> work,
        Set<Asker> askers,
        int workers,
        long revision,
        long leaseUntilMillis,
        long expiresAtSeconds) {

    public enum State {
        SEARCHING,
        FOUND,
        CANCELLED
    }

    public WorkRecord {
        askers = Set.copyOf(askers);
    }

    /** A new search's record, as its first execution claims it: its askers, the workers it invokes, nothing found. */
    public static WorkRecord claimed(
            Root root, String searchId, Set<Asker> askers, int workers, long leaseUntilMillis, long expiresAtSeconds) {
        return new WorkRecord(
                root,
                State.SEARCHING,
                highest(askers),
                searchId,
                Optional.empty(),
                askers,
                workers,
                0,
                leaseUntilMillis,
                expiresAtSeconds);
    }

    /** The highest difficulty of {@code askers} (the lowest there is when there is none). */
    public static Difficulty highest(Set<Asker> askers) {
        return askers.stream().map(Asker::difficulty).max(Difficulty::compareTo).orElse(new Difficulty(0));
    }

    /** Whether the record no longer counts at {@code nowMillis} (TTL may not have deleted it yet). */
    public boolean expired(long nowMillis) {
        return expiresAtSeconds * 1000 <= nowMillis;
    }

    /** Whether this is a search that still runs at {@code nowMillis}: searching, within its lease, not expired. */
    public boolean live(long nowMillis) {
        return state == State.SEARCHING && leaseUntilMillis > nowMillis && !expired(nowMillis);
    }

    /** The value of the best work for the root, computed here (the record is not trusted); 0 with none. */
    public long bestValue() {
        return work.map(w -> WorkValue.value(root, w)).orElse(0L);
    }

    /** The best work, if it reaches {@code d} for the root (checked here: nothing read is trusted). */
    public Optional<Work> workFor(Difficulty d) {
        return work.filter(w -> d.isReachedBy(WorkValue.value(root, w)));
    }

    /**
     * What a search for this record looks for now: the lowest difficulty among its askers (and {@code own}, the
     * difficulty of the execution's own waiters, when it has them) that the best work does not reach; empty when the
     * best work reaches them all. A search for the lowest answers the easiest asker first; every find is recorded,
     * and the next search is for the next difficulty still wanted.
     */
    public Optional<Difficulty> threshold(Optional<Difficulty> own) {
        long best = bestValue();
        return java.util.stream.Stream.concat(askers.stream().map(Asker::difficulty), own.stream())
                .filter(d -> !d.isReachedBy(best))
                .min(Difficulty::compareTo);
    }
}
