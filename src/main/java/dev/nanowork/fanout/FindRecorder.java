package dev.nanowork.fanout;

import dev.nanowork.share.RecordUnavailable;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Writes a find into its search's record before anyone is answered with it: the record is how every other execution
 * of the search learns to stop, so a find the record missed would leave every worker searching to its deadline (16
 * workers for up to 25 s cost 17 requests). The write is tried again after a short pause; when it still cannot be
 * made, the search is cancelled instead (one conditional write), which stops every execution at its next poll. When
 * neither can be written the table is out of reach for this execution, and most likely for the workers too: a worker
 * stops once its record has been unreadable for {@link RecordWatch#UNREADABLE}, and at its deadline at the latest.
 */
public final class FindRecorder {
    private static final Logger LOG = Logger.getLogger(FindRecorder.class.getName());

    /** Writes of a find: the SDK retries a throttle or a reset within each; a second covers a blip between them. */
    static final int ATTEMPTS = 2;

    /** Between two writes of a find: long against a blip, short against what the wallet waits. */
    static final Duration PAUSE = Duration.ofMillis(50);

    private final WorkRecords records;

    public FindRecorder(WorkRecords records) {
        this.records = records;
    }

    /**
     * Offers {@code work} (valid for the root at the threshold it was searched for) to {@code searchId}'s record.
     *
     * @return what the offer did; {@link WorkRecords.Offer.Over} with no record when it could not be written (the
     *     search was then cancelled, or could not be either)
     */
    public WorkRecords.Offer record(Root root, String searchId, Work work) {
        RecordUnavailable failure = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                return records.offer(root, searchId, work);
            } catch (RecordUnavailable e) {
                failure = e;
                pause();
            }
        }
        String why = failure.getMessage();
        try {
            boolean cancelled = records.cancel(root, searchId);
            LOG.warning(() -> "work " + work + " for " + root + " found but not recorded (" + why + "); "
                    + (cancelled
                            ? "the search is cancelled, every worker stops within a poll"
                            : "the search had ended"));
        } catch (RecordUnavailable e) {
            LOG.warning(() -> "work " + work + " for " + root + " found, but neither recorded nor cancelled (" + why
                    + "): the workers stop once the record has been unreadable for " + RecordWatch.UNREADABLE.toMillis()
                    + " ms, or at their deadline");
        }
        return new WorkRecords.Offer.Over(Optional.empty());
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
