package dev.nanowork.config;

import dev.nanowork.fanout.FanOutSettings;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** {@code nano-work.fan-out.*}: one work searched by many Lambda executions at once, through a shared record. */
public interface FanOutConfig {
    /**
     * The DynamoDB table of work records ({@code NANO_WORK_FAN_OUT_TABLE}): with none, every execution searches
     * alone, as before. Read and written through the AWS SDK (default credential chain, {@code
     * AWS_ENDPOINT_URL_DYNAMODB} honoured).
     */
    Optional<String> table();

    /**
     * The worker function to invoke, a name or ARN with its alias ({@code NANO_WORK_FAN_OUT_WORKER}): with none,
     * no worker is invoked (the record still joins duplicates and answers retries).
     */
    Optional<String> worker();

    /**
     * The expected search time this execution aims for ({@code NANO_WORK_FAN_OUT_TARGET}): a search expected to
     * take longer at this execution's primed rate gets enough workers to be expected within it.
     */
    @WithDefault(FanOutSettings.DEFAULT_TARGET)
    Duration target();

    /** The most workers one work invokes ({@code NANO_WORK_FAN_OUT_MAX_WORKERS}); at most 64. */
    @WithDefault(FanOutSettings.DEFAULT_MAX_WORKERS)
    int maxWorkers();

    /**
     * How often every execution of a search reads its record ({@code NANO_WORK_FAN_OUT_POLL_INTERVAL}): a found
     * work stops the others within this time, which is what a work costs beyond a single search.
     */
    @WithDefault(FanOutSettings.DEFAULT_POLL_INTERVAL)
    Duration pollInterval();

    /** How long a found work is kept to answer retries and duplicates ({@code NANO_WORK_FAN_OUT_RECORD_TTL}). */
    @WithDefault(FanOutSettings.DEFAULT_RECORD_TTL)
    Duration recordTtl();

    /**
     * How long a precached work is kept for the wallet that asked for it ({@code NANO_WORK_FAN_OUT_PRECACHE_TTL}; 1 hour
     * to 30 days): its record lives that long, and a {@code work_generate} in that time is answered from it.
     */
    @WithDefault("7d")
    Duration precacheTtl();
}
