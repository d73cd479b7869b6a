package dev.nanowork.share;

/**
 * The table could not be read or written (unreachable, throttled, refused): the caller goes on without the record,
 * searching alone as an execution did before there was one, and says so in one log line.
 */
public final class RecordUnavailable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RecordUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
