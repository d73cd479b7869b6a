package dev.nanowork.search;

import java.time.Duration;

/**
 * The bounds of the self-hosted precache ({@code nano-work.precache.*}, docs/endpoint.md): {@code maxSearches}
 * precaches searching or waiting to, {@code searchesPerClient} of them one client's (both refused past, since each
 * costs a search); {@code maxHeld} works found and not yet used (past it the oldest goes: about {@link
 * #BYTES_PER_HELD} bytes each), each kept for {@code ttl} at most. {@code maxSearches} 0 turns precaching off.
 */
public record PrecacheSettings(int maxSearches, int searchesPerClient, int maxHeld, Duration ttl) {
    /**
     * A search at the send difficulty takes tens of seconds on a small machine's spare time, so 64 waiting are most
     * of an hour of it; more would be found after their wallet had needed them.
     */
    public static final String DEFAULT_MAX_SEARCHES = "64";
    /** A wallet precaches one root per account it sends from; a few accounts each. */
    public static final String DEFAULT_SEARCHES_PER_CLIENT = "8";
    /** About 1 MB (see {@link #BYTES_PER_HELD}). */
    public static final String DEFAULT_MAX_HELD = "4096";
    /** A wallet sends again within days or not soon; a week costs nothing held, and nano_node's wallet never drops. */
    public static final String DEFAULT_TTL = "7d";

    /**
     * A held work's memory, estimated (64-bit JVM, compressed references): the map's entry (40 bytes), the root (24,
     * its 32 bytes in an array of 48 and its words in another of 48), the work (16), the held record with its value
     * and time (40): about 220, rounded up.
     */
    public static final int BYTES_PER_HELD = 256;

    public PrecacheSettings {
        if (maxSearches < 0 || searchesPerClient < 1 || maxHeld < 1) {
            throw new IllegalArgumentException("nano-work.precache.max-searches must be 0 (off) or more,"
                    + " searches-per-client and max-held 1 or more; were " + maxSearches + ", " + searchesPerClient
                    + " and " + maxHeld);
        }
        if (!ttl.isPositive())
            throw new IllegalArgumentException("nano-work.precache.ttl must be positive, was " + ttl);
    }

    /** Whether precaching is on. */
    public boolean on() {
        return maxSearches > 0;
    }
}
