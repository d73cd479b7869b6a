package dev.nanowork.function;

import dev.nanowork.access.AccessSettings;
import dev.nanowork.access.ParameterStore;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.config.WorkConfig;
import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.kernel.KernelChoice;
import dev.nanowork.kernel.KernelSelector;
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
import java.util.Locale;
import java.util.logging.Level;
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

    private WorkQueue queue;
    private WorkRpc rpc;
    private Deadlines deadlines;

    void start(@Observes StartupEvent event) {
        JvmProbe probe = JvmProbe.current();
        HostFacts host = HostFacts.of(probe);
        KernelSelector.Selection selection = KernelSelector.select(KernelChoice.parse(config.kernel()), probe);
        int threads = Threads.resolve(config.threads());
        LOG.info(() -> "JIT: " + host.jitFlags() + "; jdk.incubator.vector " + (probe.vectorModuleReadable()
                ? "readable" : "not readable (add --add-modules=jdk.incubator.vector)"));
        if (!selection.c2On() && selection.warning().isEmpty()) {
            // auto already warned when it fell back to scalar; an explicit kernel gets the same advice here.
            LOG.warning("C2 is off, so work searches run many times slower: set JAVA_TOOL_OPTIONS=\"-XX:TieredStopAtLevel=4"
                    + " --add-modules=jdk.incubator.vector\" (Lambda's runtime stops at level 1 unless told otherwise)");
        }
        selection.logStartup(threads);
        // Before the first request, and so before a SnapStart snapshot: a restored instance answers at full speed.
        double primed = selection.prime();
        LOG.info(() -> String.format(Locale.ROOT, "work kernel primed at %.1f MH/s per thread", primed));

        deadlines = new Deadlines(config.deadline(), config.deadlineMargin());
        queue = new WorkQueue(new WorkSearch(selection.kernel(), threads), config.queueCapacity());
        WorkRpc.Settings settings = new WorkRpc.Settings(Action.served(config.serve()),
                parseDifficulty("nano-work.min-difficulty", config.minDifficulty()),
                parseDifficulty("nano-work.max-difficulty", config.maxDifficulty()),
                config.benchmark().duration(), config.benchmark().maxDuration(), version);
        rpc = new WorkRpc(queue, settings, access(), host);
        LOG.info(() -> "serving " + settings.served().stream().map(Action::wireName).toList() + "; difficulties "
                + config.minDifficulty() + " to " + config.maxDifficulty() + "; deadline " + deadlines.budget());
    }

    /** The credential, if one is configured; only whether it is set and where from is ever logged. */
    private SharedSecret access() {
        SharedSecret access = AccessSettings.resolve(config.auth().key(), config.auth().keyParameter(), ParameterStore::fromEnvironment);
        LOG.log(Level.INFO, "access: {0}", access.required()
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
    public WorkKernel kernel() {
        return queue.search().kernel();
    }

    public WorkRpc rpc() {
        return rpc;
    }

    /** The deadline of {@code rc}, arriving now: computed here, once, from the transport's facts. */
    long deadlineNanos(RoutingContext rc) {
        return deadlines.deadlineNanos(System.nanoTime(), LambdaInvocation.remainingMillis(rc));
    }

    private static Difficulty parseDifficulty(String key, String value) {
        try {
            return Difficulty.parse(value.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + " must be 16 hex digits, e.g. fffffff800000000, was '" + value + "'", e);
        }
    }
}
