package dev.nanowork.access;

import java.time.Instant;
import java.util.Optional;

/**
 * Where the deployed keys are kept: SSM Parameter Store, one SecureString parameter a key. The one interface between
 * the keys and AWS ({@link SsmParameterStore} on Lambda; a map in tests).
 */
public interface ParameterStore {
    /** One version of a parameter: its decrypted value, its number, and when it was written. */
    record Version(String value, long number, Instant modified) {
        @Override
        public String toString() {
            return "version " + number + " of " + modified; // never the value
        }
    }

    /**
     * The newest version of parameter {@code name}, decrypted.
     *
     * @throws KeyUnavailableException naming the parameter and why, never a value
     */
    Version latest(String name);

    /**
     * Version {@code number} of parameter {@code name}, decrypted; empty when the store no longer keeps it.
     *
     * @throws KeyUnavailableException as {@link #latest}
     */
    Optional<Version> version(String name, long number);
}
