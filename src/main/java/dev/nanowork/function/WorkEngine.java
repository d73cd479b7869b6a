package dev.nanowork.function;

import dev.nanowork.access.AccessSettings;
import dev.nanowork.access.ParameterStore;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.config.WorkConfig;
import dev.nanowork.kernel.KernelChoice;
import dev.nanowork.kernel.KernelSelector;
import dev.nanowork.kernel.Threads;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.Deadlines;
import dev.nanowork.rpc.Platform;
import dev.nanowork.rpc.WorkQueue;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.work.Difficulty;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.OptionalLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Builds the work engine once, at start-up (on Lambda: in the init phase, so SnapStart snapshots it
 * ready): the kernel, the search threads, the queue and the RPC, from {@link WorkConfig}. An impossible
 * setting stops start-up with a message listing what is possible.
 */
@ApplicationScoped
public class WorkEngine {
    private static final Logger LOG = Logger.getLogger(WorkEngine.class);

    @Inject
    WorkConfig config;

    @ConfigProperty(name = "quarkus.application.version", defaultValue = "unknown")
    String version;

    private volatile WorkQueue queue;
    private volatile WorkRpc rpc;
    private Deadlines deadlines;

    void start(@Observes StartupEvent event) {
        if (!searches(Action.served(config.serve()))) {
            startValidateOnly();
            return;
        }
        KernelSelector.Selection selection = KernelSelector.select(KernelChoice.parse(config.kernel()));
        int threads = Threads.resolve(config.threads());
        WorkSearch search = new WorkSearch(selection.kernel(), threads);

        LOG.infof("JIT: %s; jdk.incubator.vector %s", Platform.jitFlags(),
                ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent() ? "readable" : "not readable (add --add-modules=jdk.incubator.vector)");
        if (!selection.c2On() && selection.warning().isEmpty()) {
            // auto already warned when it fell back to scalar; an explicit kernel gets the same advice here.
            LOG.warn("C2 is off, so work searches run many times slower: set JAVA_TOOL_OPTIONS=\"-XX:TieredStopAtLevel=4"
                    + " --add-modules=jdk.incubator.vector\" (Lambda's runtime stops at level 1 unless told otherwise)");
        }
        selection.logStartup(threads);
        // Before the first request, and so before a SnapStart snapshot: a restored instance answers at full speed.
        LOG.infof("work kernel primed at %.1f MH/s per thread", selection.prime());

        serve(search);
    }

    /** Whether any served action searches (work_generate, benchmark): only then is a kernel selected and primed. */
    static boolean searches(java.util.Set<Action> served) {
        return served.contains(Action.WORK_GENERATE) || served.contains(Action.BENCHMARK);
    }

    /**
     * A function that serves only work_validate (one BLAKE2b per request) selects and primes no kernel: at the
     * CPU share of 512 MB priming alone took seconds of init. The scalar kernel stands in unused; the search
     * pool starts its threads on first use, which never comes.
     */
    private void startValidateOnly() {
        LOG.info("work kernel: none (this function searches no work: no kernel selected or primed, no search threads)");
        serve(new WorkSearch(new dev.nanowork.kernel.ScalarKernel(), 1));
    }

    /**
     * After a SnapStart restore, maybe on another host of the architecture: every random source gets fresh
     * entropy (each restored copy would otherwise draw the same start nonces and benchmark roots), and the CPU's
     * flags are read again. When they still allow the kernel selected before the snapshot, one INFO line says
     * so; else the engine falls back to the scalar kernel, which runs anywhere, with one WARN line.
     *
     * @return the line logged
     */
    public synchronized String afterRestore(dev.nanowork.kernel.JvmProbe.CpuFacts cpu) {
        java.security.SecureRandom fresh = new java.security.SecureRandom();
        queue.search().reseed(fresh.generateSeed(32));
        rpc.reseed(fresh.generateSeed(32));
        String kernel = kernel().name();
        String where = cpu.model() + " (" + (cpu.flagsKnown() ? String.join(" ", cpu.features()) : "flags unreadable") + ")";
        if (cpu.allows(kernel)) {
            String line = "SnapStart restore: random sources reseeded; CPU " + where + " runs the " + kernel + " kernel";
            LOG.info(line);
            return line;
        }
        WorkQueue old = queue;
        serve(new WorkSearch(new dev.nanowork.kernel.ScalarKernel(), old.search().threads()));
        old.close();
        old.search().close();
        String line = "SnapStart restore: random sources reseeded; CPU " + where + " lacks what the " + kernel
                + " kernel was selected for before the snapshot: falling back to scalar";
        LOG.warn(line);
        return line;
    }

    private void serve(WorkSearch search) {
        deadlines = new Deadlines(config.deadline(), config.deadlineMargin());
        queue = new WorkQueue(search, config.queueCapacity());
        rpc = new WorkRpc(queue, new WorkRpc.Settings(
                Action.served(config.serve()),
                parseDifficulty("nano-work.min-difficulty", config.minDifficulty()),
                parseDifficulty("nano-work.max-difficulty", config.maxDifficulty()),
                config.benchmark().duration(), config.benchmark().maxDuration(), version),
                access());
        LOG.infof("serving %s; difficulties %s to %s; deadline %s", Action.served(config.serve()).stream().map(Action::wireName).toList(),
                config.minDifficulty(), config.maxDifficulty(), deadlines.budget());
    }

    /** The credential, if one is configured; only whether it is set and where from is ever logged. */
    private SharedSecret access() {
        SharedSecret access = AccessSettings.resolve(config.auth().key(), config.auth().keyParameter(), ParameterStore::fromEnvironment);
        LOG.infof("access: %s", access.required()
                ? "a key is required (" + config.auth().keyParameter().filter(p -> !p.isBlank()).map(p -> "from SSM parameter " + p).orElse("from nano-work.auth.key") + ")"
                : "open (no nano-work.auth.key or key-parameter)");
        return access;
    }

    void stop(@Observes ShutdownEvent event) {
        if (queue != null) {
            queue.close();
            queue.search().close();
        }
    }

    /** The kernel chosen at start-up. */
    public dev.nanowork.kernel.WorkKernel kernel() {
        return queue.search().kernel();
    }

    public WorkRpc rpc() {
        return rpc;
    }

    /** The deadline of a request arriving now, given the Lambda invocation's remaining time if any. */
    public long deadlineNanos(OptionalLong remainingMillis) {
        return deadlines.deadlineNanos(System.nanoTime(), remainingMillis);
    }

    private static Difficulty parseDifficulty(String key, String value) {
        try {
            return Difficulty.parse(value.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + " must be 16 hex digits, e.g. fffffff800000000, was '" + value + "'", e);
        }
    }
}
