package dev.nanowork.function;

import dev.nanowork.access.AccessKeys;
import dev.nanowork.config.WorkConfig;
import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.kernel.KernelChoice;
import dev.nanowork.kernel.KernelSelector;
import dev.nanowork.kernel.PrimedRate;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.HostFacts;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.LocalPrecache;
import dev.nanowork.search.QueueLimits;
import dev.nanowork.search.Threads;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.work.Difficulty;
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

    /** The queue's limits; every waiter holds a worker thread, so at most half the pool may wait. */
    private static QueueLimits limits(WorkConfig config, Optional<Integer> workerThreads) {
        int pool = workerThreads.orElse(Math.max(200, 8 * Runtime.getRuntime().availableProcessors()));
        if (config.maxWaiters() > pool / 2) {
            // Past half the pool, waiters could leave work_validate without a thread.
            throw new IllegalArgumentException("nano-work.max-waiters " + config.maxWaiters()
                    + " must be at most half of quarkus.thread-pool.max-threads (" + pool
                    + "), so that work_validate, status and work_cancel always find a worker thread");
        }
        return new QueueLimits(
                config.queueCapacity(),
                config.waitersPerSearch(),
                config.searchesPerClient(),
                config.waitersPerClient(),
                config.maxWaiters(),
                config.selfHosted().searchesPerPeer());
    }

    /** The search that start-up made, and what priming reached for its kernel. */
    private record Started(WorkSearch search, PrimedRate primed) {}

    /** Selects the kernel, says so, and primes it. */
    private static Started startSearch(WorkConfig config, JvmProbe probe) {
        KernelSelector.Selection selection = KernelSelector.select(KernelChoice.parse(config.kernel()), probe);
        int threads = Threads.resolve(config.threads());
        LOG.info(() -> "JIT: " + JvmProbe.jitFlags() + "; jdk.incubator.vector "
                + (probe.vectorModuleReadable()
                        ? "readable"
                        : "not readable (add --add-modules=jdk.incubator.vector)"));
        if (!selection.c2On() && selection.warning().isEmpty()) {
            // auto already warned when it fell back to scalar; an explicit kernel gets the same advice here.
            LOG.warning(
                    "C2 is off, so work searches run many times slower: set JAVA_TOOL_OPTIONS=\"-XX:TieredStopAtLevel=4"
                            + " --add-modules=jdk.incubator.vector\" (Lambda's runtime stops at level 1 unless told otherwise)");
        }
        selection.logStartup(threads);
        // Before the first request, and so before a SnapStart snapshot: a restored instance answers at full speed.
        PrimedRate primed = selection.prime();
        LOG.info(() -> "work kernel primed at " + PrimedRate.mhs(primed.primed()) + " MH/s per thread");
        return new Started(new WorkSearch(selection.kernel(), threads), primed);
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

    private static Difficulty parseDifficulty(String key, String value) {
        try {
            return Difficulty.parse(value.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    key + " must be 16 hex digits, e.g. fffffff800000000, was '" + value + "'", e);
        }
    }
}
