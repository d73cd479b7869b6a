package dev.nanowork.function;

import static dev.nanowork.function.SearchStartup.startSearch;
import static dev.nanowork.function.StartupSettings.limits;
import static dev.nanowork.function.StartupSettings.parseDifficulty;

import dev.nanowork.access.AccessKeys;
import dev.nanowork.config.WorkConfig;
import dev.nanowork.function.SearchStartup.Started;
import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.kernel.PrimedRate;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.observe.RecordWriter;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.HostFacts;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.LocalPrecache;
import dev.nanowork.search.QueueLimits;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.WorkRecords;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Builds the work engine once, at start-up (on Lambda: in the init phase, so SnapStart snapshots it ready): probes
 * the JVM once, then the kernel, the search threads, the queue and the RPC, from {@link WorkConfig}, and hands the
 * routes the {@link WorkRpc} and the {@link Deadlines} they need. An impossible setting stops start-up with a message
 * listing what is possible. Built by whichever bean needs it first (the routes, as the router is set up), and at
 * start-up in any case.
 */
@Startup
@Singleton
public class WorkEngine {
    private static final Logger LOG = Logger.getLogger(WorkEngine.class.getName());

    private final WorkQueue queue;
    private final WorkRpc rpc;
    private final Deadlines deadlines;
    private final AccessKeys access;
    private final FanOutStartup fanOut;
    private final RecordWriter recordWriter;
    private final PrecacheStartup precache;

    /**
     * @param workerThreads Quarkus' worker pool, which every waiting HTTP caller holds a thread of (its default: 8
     *     per CPU, at least 200)
     */
    @Inject
    WorkEngine(
            WorkConfig config,
            @ConfigProperty(name = "quarkus.application.version", defaultValue = "unknown") String version,
            @ConfigProperty(name = "quarkus.thread-pool.max-threads") Optional<Integer> workerThreads) {
        JvmProbe probe = JvmProbe.current();
        recordWriter = new RecordWriter(
                config.metrics().namespace(),
                RecordWriter.variant(config.metrics().variant(), System.getenv(), System.getProperty("os.arch")));
        deadlines = new Deadlines(config.deadline(), config.deadlineMargin());
        WorkRpc.Settings settings = new WorkRpc.Settings(
                Action.served(config.serve()),
                parseDifficulty("nano-work.min-difficulty", config.minDifficulty()),
                parseDifficulty("nano-work.max-difficulty", config.maxDifficulty()),
                config.benchmark().duration(),
                config.benchmark().maxDuration(),
                version,
                config.benchmark().requiresKey());
        QueueLimits limits = limits(config, workerThreads);
        access = AccessStartup.resolve(config.auth());
        Started started;
        if (searches(settings.served())) {
            started = startSearch(config, probe);
        } else {
            // A function that serves only work_validate (one BLAKE2b per request) selects and primes no kernel:
            // at the CPU share of 512 MB priming alone took seconds of init. The scalar kernel stands in unused;
            // the search pool starts its threads on first use, which never comes.
            LOG.info(
                    "work kernel: none (this function searches no work: no kernel selected or primed, no search threads)");
            started = new Started(new WorkSearch(new ScalarKernel(), 1), PrimedRate.NONE);
        }
        // A function that searches nothing shares no search: it needs no table and invokes no worker.
        fanOut = searches(settings.served())
                ? FanOutStartup.start(
                        config.fanOut(),
                        started.search(),
                        () -> started.primed().primed().orElse(0)
                                * 1e6
                                * started.search().threads(),
                        deadlines.budget())
                : FanOutStartup.alone(started.search());
        queue = new WorkQueue(started.search(), fanOut.searcher(), limits);
        precache = PrecacheStartup.start(
                config.precache(),
                started.search(),
                System.getenv("AWS_LAMBDA_RUNTIME_API") != null,
                searches(settings.served()),
                fanOut.precache());
        HostFacts host = HostFacts.of(probe, JvmProbe.CpuFacts.of(probe), started.primed());
        rpc = new WorkRpc(queue, settings, access, host, precache.precache());
        LOG.info(() -> "serving "
                + settings.served().stream().map(Action::wireName).toList() + "; difficulties " + config.minDifficulty()
                + " to " + config.maxDifficulty() + "; deadline " + deadlines.budget());
    }

    /** Whether any served action searches (work_generate, benchmark): only then is a kernel selected and primed. */
    static boolean searches(Set<Action> served) {
        return served.contains(Action.WORK_GENERATE) || served.contains(Action.BENCHMARK);
    }

    /** The RPC, one for the process: the routes' only way in (its host facts change after a SnapStart restore). */
    @Produces
    @Singleton
    WorkRpc rpc() {
        return rpc;
    }

    /** When each request's search must stop (the routes count it from the request's arrival). */
    @Produces
    @Singleton
    Deadlines deadlines() {
        return deadlines;
    }

    /** Where each request's record goes (the worker's too): stdout, under this deployment's namespace and variant. */
    @Produces
    @Singleton
    RecordWriter recordWriter() {
        return recordWriter;
    }

    void stop(@Observes ShutdownEvent event) {
        precache.local().ifPresent(LocalPrecache::close);
        queue.close();
        queue.search().close();
        fanOut.clients().ifPresent(WorkEngine::closeQuietly);
    }

    /** The kernel searches run with (scalar after a SnapStart restore on a CPU without the selected one's features). */
    public WorkKernel kernel() {
        return queue.search().kernel();
    }

    /** The endpoint's keys (the SnapStart hook drops what was read before a snapshot). */
    public AccessKeys access() {
        return access;
    }

    /** The work queue (self-hosted tests read who waits for what; the SnapStart hooks reach its search). */
    public WorkQueue queue() {
        return queue;
    }

    /** The shared work records, when {@code nano-work.fan-out.table} names a table (a worker searches only then). */
    public Optional<WorkRecords> records() {
        return fanOut.records();
    }

    private static void closeQuietly(AutoCloseable clients) {
        try {
            clients.close();
        } catch (Exception e) {
            LOG.warning(() -> "fan-out clients did not close: " + e);
        }
    }
}
