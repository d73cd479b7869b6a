package dev.nanowork.access;

/**
 * A configured key that cannot be read now (the parameter store unreachable, refused or empty): requests are refused
 * until a read succeeds, never let in. The message names the parameter and the cause, never a key.
 */
public final class KeyUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public KeyUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }

    public KeyUnavailableException(String message) {
        super(message);
    }
}
