package dev.nanowork.function;

import dev.nanowork.config.PrecacheConfig;
import dev.nanowork.search.LocalPrecache;
import dev.nanowork.search.Precache;
import dev.nanowork.search.PrecacheSettings;
import dev.nanowork.search.WorkSearch;
import java.time.Clock;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The {@code work_precache} this process answers, as {@code nano-work.precache.*} and where it runs decide: where the
 * process keeps running after it answers (self-hosted, and dev and test mode), a {@link LocalPrecache} searching behind
 * every interactive work; on Lambda the fan-out's: an execution is frozen once it has answered, so it cannot search for
 * a client that is gone, and the shared work record and workers invoked asynchronously carry the precache instead.
 *
 * @param local the self-hosted precache, to close at shutdown
 */
record PrecacheStartup(Precache precache, Optional<LocalPrecache> local) {
    private static final Logger LOG = Logger.getLogger(PrecacheStartup.class.getName());

    static final String NO_SEARCH = "this function searches no work; send work_precache where work_generate is served";

    static final String OFF = "this server does not precache (nano-work.precache.max-searches is 0); your"
            + " work_generate searches as usual";

    /**
     * @param onLambda whether this process is a Lambda execution (the runtime API is set)
     * @param searches whether this process searches at all (a validate-only function does not)
     * @param shared the fan-out's precache, in the shared work record (or its refusal when there is no record or
     *     worker): what a Lambda execution answers with
     */
    static PrecacheStartup start(
            PrecacheConfig config, WorkSearch search, boolean onLambda, boolean searches, Precache shared) {
        if (!searches) return none(NO_SEARCH, "off (this function searches no work)");
        if (onLambda) {
            LOG.info("precache: the fan-out's (the shared work record, searched by workers invoked asynchronously)");
            return new PrecacheStartup(shared, Optional.empty());
        }
        PrecacheSettings settings =
                new PrecacheSettings(config.maxSearches(), config.searchesPerClient(), config.maxHeld(), config.ttl());
        if (!settings.on()) return none(OFF, "off (nano-work.precache.max-searches is 0)");
        LocalPrecache local = new LocalPrecache(search, settings, Clock.systemUTC());
        LOG.info(() -> "precache: up to " + settings.maxSearches() + " searches (" + settings.searchesPerClient()
                + " per client) behind every interactive work; up to " + settings.maxHeld() + " works held for "
                + settings.ttl());
        return new PrecacheStartup(local, Optional.of(local));
    }

    private static PrecacheStartup none(String hint, String line) {
        LOG.info(() -> "precache: " + line);
        return new PrecacheStartup(Precache.none(hint), Optional.empty());
    }
}
