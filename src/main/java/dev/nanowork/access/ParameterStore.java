package dev.nanowork.access;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where the deployed secrets are kept: SSM Parameter Store, one SecureString parameter each (the wallets' key, the
 * operator's key, the edge's origin secret). The one interface between the secrets and AWS ({@link SsmParameterStore}
 * on Lambda; a map in tests). One read names every parameter wanted, as SSM's {@code GetParameters} does.
 */
public interface ParameterStore {
    /** The most selectors one read may name ({@code GetParameters} takes at most 10 names). */
    int MAX_SELECTORS = 10;

    /** One version of a parameter: its decrypted value, its number, and when it was written. */
    record Version(String value, long number, Instant modified) {
        @Override
        public String toString() {
            return "version " + number + " of " + modified; // never the value
        }
    }

    /**
     * What one read found.
     *
     * @param versions each selector asked that the store holds, as asked ({@code /p} or {@code /p:3})
     * @param invalid the selectors it does not hold: a parameter that does not exist, a version no longer kept
     */
    record Found(Map<String, Version> versions, Set<String> invalid) {
        public Found {
            versions = Map.copyOf(versions);
            invalid = Set.copyOf(invalid);
        }
    }

    /**
     * Reads {@code selectors} in one call, decrypted: a name is its newest version, {@code name:N} its version N.
     *
     * @param selectors 1 to {@link #MAX_SELECTORS} selectors
     * @throws KeyUnavailableException when the store cannot be read (never for a selector it does not hold: that is
     *     {@link Found#invalid}); the message names the parameters and why, never a value
     */
    Found read(List<String> selectors);

    /**
     * Makes the first {@link #read} quick without reading anything (before a SnapStart snapshot: no key, no credential,
     * no call). Nothing to do by default.
     */
    default void prime() {}
}
