package dev.nanowork.share;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.util.Optional;
import java.util.Set;

/**
 * One root's record as read from the table.
 *
 * @param difficulty the difficulty being searched for (raised by a request that asks for more), or the one the found
 *     work was searched for
 * @param searchId the search that owns the record: workers stop when it changes, and only its executions may write
 *     its result
 * @param work the work, once found (not yet checked: see {@link dev.nanowork.share.WorkRecords})
 * @param askers the addresses of the clients waiting for it ({@code work_cancel} withdraws its caller's address; the
 *     search is cancelled when none is left)
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
        Set<String> askers,
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

    /** Whether the record no longer counts at {@code nowMillis} (TTL may not have deleted it yet). */
    public boolean expired(long nowMillis) {
        return expiresAtSeconds * 1000 <= nowMillis;
    }

    /** Whether this is a search that still runs at {@code nowMillis}: searching, within its lease, not expired. */
    public boolean live(long nowMillis) {
        return state == State.SEARCHING && leaseUntilMillis > nowMillis && !expired(nowMillis);
    }
}
