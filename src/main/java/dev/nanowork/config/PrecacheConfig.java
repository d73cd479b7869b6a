package dev.nanowork.config;

import dev.nanowork.search.PrecacheSettings;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * {@code nano-work.precache.*}: {@code work_precache} where this process keeps running after it answers (self-hosted,
 * dev and test mode): searched behind every interactive work, bounded as {@link PrecacheSettings} says.
 */
public interface PrecacheConfig {
    /** Precaches searching or waiting to, in all ({@code NANO_WORK_PRECACHE_MAX_SEARCHES}); 0 turns precaching off. */
    @WithDefault(PrecacheSettings.DEFAULT_MAX_SEARCHES)
    int maxSearches();

    /** Precaches one client may have searching or waiting ({@code NANO_WORK_PRECACHE_SEARCHES_PER_CLIENT}). */
    @WithDefault(PrecacheSettings.DEFAULT_SEARCHES_PER_CLIENT)
    int searchesPerClient();

    /** Works found and not yet used, held at once; the oldest goes past it ({@code NANO_WORK_PRECACHE_MAX_HELD}). */
    @WithDefault(PrecacheSettings.DEFAULT_MAX_HELD)
    int maxHeld();

    /** How long a found work is held for its wallet's work_generate ({@code NANO_WORK_PRECACHE_TTL}). */
    @WithDefault(PrecacheSettings.DEFAULT_TTL)
    Duration ttl();
}
