package dev.nanowork.share;

import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The table of work records, one per root. Every write is a compare-and-set on the record's state and search (and, for
 * a write computed from what was read, its revision), so two executions never both win. Every method may throw {@link
 * RecordUnavailable}; none retries for long (a request's deadline is seconds).
 *
 * <p>The record is not trusted: a work read from it must be checked against the root and the difficulty before it
 * is answered ({@link WorkRecord#workFor}).
 */
public interface WorkRecords {

    /** The record of {@code root}, read strongly consistent; empty when there is none or it has expired. */
    Optional<WorkRecord> read(Root root);

    /**
     * Makes {@code wanted} (a {@link WorkRecord#claimed} record) the record of its root, in one conditional write,
     * unless a record stands that must not be replaced: a live search (within its lease) or a found work that reaches
     * {@code wanted}'s difficulty. Replaced: none, expired, cancelled, a search whose lease passed, a work below the
     * difficulty.
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
     * Joins a live search: adds {@code askers}, raises the lease to {@code leaseUntilMillis}, the record's difficulty to
     * the highest asked and its expiry to {@code expiresAtSeconds} (never lowers any: a precache that joins a search
     * keeps its work as long as a precache's).
     *
     * @return the record after the join; empty when {@code searchId} no longer owns a searching record (found,
     *     cancelled, taken over)
     */
    Optional<WorkRecord> join(
            Root root, String searchId, Set<Asker> askers, long leaseUntilMillis, long expiresAtSeconds);

    /**
     * Offers {@code work}, found by an execution of {@code searchId}'s search: when it reaches every asker the record
     * is found (the askers go, the record stays until its expiry, set when it was claimed or joined, to answer retries,
     * duplicates and a precache's wallet); when it reaches only some and beats the best work so far, it becomes the best
     * work (the askers it reaches are answered from it, the search goes on for the others); otherwise nothing changes.
     *
     * @return what the offer did, with the record after it
     */
    Offer offer(Root root, String searchId, Work work);

    /** What an {@link #offer} did. */
    sealed interface Offer {
        /** The work is the search's result: the record is found. */
        record Found(WorkRecord record) implements Offer {}

        /** The work is the best so far, short of some askers: the search goes on. */
        record Better(WorkRecord record) implements Offer {}

        /** As good a work stands already: the search goes on. */
        record Kept(WorkRecord record) implements Offer {}

        /** The search is no longer searching under this id (found by another, cancelled, taken over, gone). */
        record Over(Optional<WorkRecord> record) implements Offer {}
    }

    /**
     * Withdraws the askers of {@code root}'s searching record that {@code which} selects (a {@code work_cancel}: the
     * cancelling client's address, or everyone's for the operator; an execution's own askers when its clients left).
     * The record's difficulty falls to the highest the others still want; once the best work reaches all that are
     * left (none left and a work held included) the record is found; none left and no work, it is cancelled, and
     * every execution stops at its next poll.
     *
     * @return the record after the withdrawal; empty when there was no searching record
     */
    Optional<WorkRecord> withdraw(Root root, Predicate<Asker> which);

    /**
     * Cancels {@code searchId}'s search whoever asked for it, if it still searches: a find that could not be recorded
     * stops every worker this way.
     *
     * @return whether this call cancelled it
     */
    boolean cancel(Root root, String searchId);

    /**
     * Raises the workers {@code searchId}'s search has been given from {@code seen} to {@code total}, while it searches
     * and nobody else raised them since {@code seen} was read.
     *
     * @return whether this call did: the caller then invokes the {@code total - seen} workers
     */
    boolean addWorkers(Root root, String searchId, int seen, int total);
}
