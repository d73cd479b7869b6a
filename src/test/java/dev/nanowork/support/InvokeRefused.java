package dev.nanowork.support;

/** A refusal of Lambda's own {@code Invoke}: its status, its error type, and for a throttle its reason. */
final class InvokeRefused extends Exception {
    private static final long serialVersionUID = 1L;
    final int status;
    final String type;
    final String reason;

    InvokeRefused(int status, String type, String message) {
        this(status, type, message, null);
    }

    InvokeRefused(int status, String type, String message, String reason) {
        super(message);
        this.status = status;
        this.type = type;
        this.reason = reason;
    }
}
