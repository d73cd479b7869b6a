package dev.nanowork.search;

/**
 * The work queue refuses a search at once: as many searches as it may hold already wait, or the ones
 * ahead are expected to run past this one's deadline. The message says why, in words a caller can act on
 * (retry later, or use another work server). An expected answer, not a fault: no stack trace.
 */
public final class QueueRefusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public QueueRefusal(String why) {
        super(why, null, false, false);
    }
}
