package dev.nanowork.share;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.util.Optional;

/**
 * The table of work records, one per root. Every write is a compare-and-set on the record's state and search, so two
 * executions never both win. Every method may throw {@link RecordUnavailable}; none retries for long (a request's
 * deadline is seconds).
 *
 * <p>The record is not trusted: a work read from it must be checked against the root and the difficulty before it
 * is answered ({@link dev.nanowork.work.WorkValue#isValid}).
 */
public interface WorkRecords {

    /** The record of {@code root}, read strongly consistent; empty when there is none or it has expired. */
    Optional<WorkRecord> read(Root root);

    /**
     * Makes {@code wanted} (state {@link WorkRecord.State#SEARCHING}) the record of its root, in one conditional
     * write, unless a record stands that must not be replaced: a live search (within its lease) or a found work at or
     * above {@code wanted}'s difficulty. Replaced: none, expired, cancelled, a search whose lease passed, a work below
     * the difficulty.
     *
     * @return {@link Claim.Claimed} when {@code wanted} is now the record, else {@link Claim.Standing} with the record
     *     that stands (learnt in the same round trip)
     */
    Claim claim(WorkRecord wanted, long nowMillis);

    sealed interface Claim {
        record Claimed(WorkRecord record) implements Claim {}

        record Standing(WorkRecord record) implements Claim {}
    }

    /**
     * Joins a live search: adds {@code asker}, raises the lease to {@code leaseUntilMillis} (never lowers it) and the
     * difficulty to {@code difficulty} (never lowers it; every execution of the search reads it at its next poll and
     * searches on for the higher one).
     *
     * @return false when {@code searchId} no longer owns a searching record (found, cancelled, taken over)
     */
    boolean join(Root root, String searchId, String asker, Difficulty difficulty, long leaseUntilMillis);

    /**
     * Records {@code work} as the result of {@code searchId}'s search: only while that search owns the record and is
     * searching, so the first find wins and a late one changes nothing. The record is then kept until {@code
     * expiresAtSeconds}, to answer retries and duplicates.
     *
     * @return whether this call set it
     */
    boolean found(Root root, String searchId, Work work, long expiresAtSeconds);

    /**
     * Withdraws {@code asker} from {@code root}'s search (a {@code work_cancel}, or a client that left); when no asker
     * is left the search is cancelled and every execution stops at its next poll.
     *
     * @return the record after the withdrawal; empty when there was no searching record
     */
    Optional<WorkRecord> withdraw(Root root, String asker);

    /** Cancels {@code root}'s search whoever asked for it (the operator's {@code work_cancel}). */
    void cancel(Root root);
}
