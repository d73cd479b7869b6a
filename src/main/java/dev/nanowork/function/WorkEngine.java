package dev.nanowork.function;

import dev.nanowork.access.Credentials;
import dev.nanowork.config.WorkConfig;
import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.kernel.KernelChoice;
import dev.nanowork.kernel.KernelSelector;
import dev.nanowork.kernel.KernelWarmup;
import dev.nanowork.kernel.PrimedRate;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.kernel.Threads;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.HostFacts;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.work.Difficulty;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Builds the work engine once, at start-up (on Lambda: in the init phase, so SnapStart snapshots it
 * ready): probes the JVM once, then the kernel, the search threads, the queue and the RPC, from
 * {@link WorkConfig}. An impossible setting stops start-up with a message listing what is possible.
 */
@ApplicationScoped
public class WorkEngine {
    private static final Logger LOG = Logger.getLogger(WorkEngine.class.getName());

    @Inject
    WorkConfig config;

    @ConfigProperty(name = "quarkus.application.version", defaultValue = "unknown")
    String version;

    /** Quarkus' worker pool, which every waiting HTTP caller holds a thread of (its default: 8 per CPU, at least 200). */
    @ConfigProperty(name = "quarkus.thread-pool.max-threads")
    Optional<Integer> workerThreads;

    private volatile WorkQueue queue;
    private volatile WorkRpc rpc;
    private Deadlines deadlines;
    private WorkRpc.Settings settings;
    private Credentials access;
    private JvmProbe probe;
    /** What priming reached at start-up (or before the SnapStart snapshot), for the operator's status. */
    private volatile PrimedRate primedRate = PrimedRate.NONE;

    void start(@Observes StartupEvent event) {
        probe = JvmProbe.current();
        deadlines = new Deadlines(config.deadline(), config.deadlineMargin());
        settings = new WorkRpc.Settings(
                Action.served(config.serve()),
                parseDifficulty("nano-work.min-difficulty", config.minDifficulty()),
                parseDifficulty("nano-work.max-difficulty", config.maxDifficulty()),
                config.benchmark().duration(),
                config.benchmark().maxDuration(),
                version,
                config.benchmark().requiresKey());
        access = AccessStartup.resolve(config.auth());
        JvmProbe.CpuFacts cpu = JvmProbe.CpuFacts.of(probe);
        if (searches(settings.served())) {
            serve(startSearch(), cpu);
        } else {
            // A function that serves only work_validate (one BLAKE2b per request) selects and primes no kernel:
            // at the CPU share of 512 MB priming alone took seconds of init. The scalar kernel stands in unused;
            // the search pool starts its threads on first use, which never comes.
            LOG.info(
                    "work kernel: none (this function searches no work: no kernel selected or primed, no search threads)");
            serve(new WorkSearch(new ScalarKernel(), 1), cpu);
        }
        LOG.info(() -> "serving "
                + settings.served().stream().map(Action::wireName).toList() + "; difficulties " + config.minDifficulty()
                + " to " + config.maxDifficulty() + "; deadline " + deadlines.budget());
    }

    /** Whether any served action searches (work_generate, benchmark): only then is a kernel selected and primed. */
    static boolean searches(Set<Action> served) {
        return served.contains(Action.WORK_GENERATE) || served.contains(Action.BENCHMARK);
    }

    /** Selects the kernel, says so, and primes it. */
    private WorkSearch startSearch() {
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
        primedRate = selection.prime();
        LOG.info(() -> "work kernel primed at " + PrimedRate.mhs(primedRate.primed()) + " MH/s per thread");
        return new WorkSearch(selection.kernel(), threads);
    }

    /** Serves with {@code search} from now on (package-private: a test installs one whose generator it froze). */
    void serve(WorkSearch search, JvmProbe.CpuFacts cpu) {
        int pool = workerThreads.orElse(Math.max(200, 8 * Runtime.getRuntime().availableProcessors()));
        if (config.maxWaiters() > pool / 2) {
            // Every waiter holds a worker thread: past half the pool, waiters could leave work_validate without one.
            throw new IllegalArgumentException("nano-work.max-waiters " + config.maxWaiters()
                    + " must be at most half of quarkus.thread-pool.max-threads (" + pool
                    + "), so that work_validate, status and work_cancel always find a worker thread");
        }
        queue = new WorkQueue(
                search,
                new WorkQueue.Limits(
                        config.queueCapacity(),
                        config.waitersPerSearch(),
                        config.searchesPerClient(),
                        config.waitersPerClient(),
                        config.maxWaiters(),
                        config.selfHosted().searchesPerPeer()));
        rpc = new WorkRpc(queue, settings, access, HostFacts.of(probe, cpu, primedRate));
    }

    /**
     * After a SnapStart restore, maybe on another host of the architecture: every random source gets fresh
     * entropy (each restored copy would otherwise draw the same start nonces and benchmark roots), and the CPU's
     * facts are read again. When they still allow the kernel selected before the snapshot, one INFO line says
     * so; else the engine falls back to the scalar kernel, which runs anywhere, with one WARN line.
     *
     * @return the line logged
     */
    public synchronized String afterRestore(JvmProbe.CpuFacts cpu) {
        WorkQueue restored = queue;
        restored.search().reseed(new SecureRandom().generateSeed(32));
        String kernel = kernel().name();
        String where = cpu.model() + " (" + (cpu.flagsKnown() ? cpu.featureList() : "flags unreadable") + ")";
        if (cpu.allows(kernel)) {
            // A new RPC: the restored CPU's facts in its answers, and a benchmark generator seeded after the restore.
            rpc = new WorkRpc(restored, settings, access, HostFacts.of(probe, cpu, primedRate));
            String line =
                    "SnapStart restore: random sources reseeded; CPU " + where + " runs the " + kernel + " kernel";
            LOG.info(line);
            return line;
        }
        serve(new WorkSearch(new ScalarKernel(), restored.search().threads()), cpu);
        restored.close();
        restored.search().close();
        String line = "SnapStart restore: random sources reseeded; CPU " + where + " lacks what the " + kernel
                + " kernel was selected for before the snapshot: falling back to scalar";
        LOG.warning(line);
        return line;
    }

    /**
     * Before a SnapStart snapshot: the kept kernel was primed again ({@code again}); status says that rate from now
     * on, in this instance and in every one restored from the snapshot.
     */
    public synchronized void primedBeforeSnapshot(KernelWarmup.Primed again, JvmProbe.CpuFacts cpu) {
        if (primedRate.primed().isEmpty()) return; // this function selected no kernel: nothing to say
        primedRate = primedRate.primedAgain(again);
        rpc = new WorkRpc(queue, settings, access, HostFacts.of(probe, cpu, primedRate));
    }

    /** What priming reached for the kept kernel (none when this function searches no work). */
    public PrimedRate primedRate() {
        return primedRate;
    }

    void stop(@Observes ShutdownEvent event) {
        if (queue != null) {
            queue.close();
            queue.search().close();
        }
    }

    /** The kernel chosen at start-up. */
    public WorkKernel kernel() {
        return queue.search().kernel();
    }

    public WorkRpc rpc() {
        return rpc;
    }

    /** The work queue (self-hosted tests read who waits for what). */
    public WorkQueue queue() {
        return queue;
    }

    /** The deadline of {@code rc}: computed here, once, from the transport's facts, from when it arrived. */
    long deadlineNanos(RoutingContext rc) {
        long now = System.nanoTime();
        long waited = Deadlines.waitedNanos(
                Arrival.waitedNanos(rc, now),
                LambdaInvocation.gatewayReceivedEpochMillis(rc),
                System.currentTimeMillis());
        return deadlines.deadlineNanos(now, waited, LambdaInvocation.remainingMillis(rc));
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
