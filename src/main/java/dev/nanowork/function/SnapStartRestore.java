package dev.nanowork.function;

import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.kernel.KernelWarmup;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.rpc.HostFacts;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.WorkSearch;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.util.Locale;
import java.util.logging.Logger;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;

/**
 * The SnapStart hooks, through the {@code org.crac} API that Quarkus' Lambda extension ships (Lambda's java runtime
 * implements it). Before the snapshot the kept kernel is primed again and one line records what was chosen on which
 * CPU. After a restore, maybe on another host of the architecture, every random source gets fresh entropy (each
 * restored copy would otherwise draw the same start nonces and benchmark roots), and the CPU's facts are read again:
 * when they still allow the kernel selected before the snapshot, one INFO line says so; else searches fall back to
 * the scalar kernel, which runs anywhere, with one WARN line; and the keys' first read is started, not waited for. The engine's objects stay the ones the routes hold: the
 * search swaps its kernel, the RPC its host facts. Outside SnapStart (self-hosted, tests, $LATEST) the hooks never
 * run.
 */
@ApplicationScoped
public class SnapStartRestore implements Resource {
    private static final Logger LOG = Logger.getLogger(SnapStartRestore.class.getName());

    /** How long the checkpoint waits for the kernel to run steady (SnapStart's init phase may take minutes). */
    static final long SNAPSHOT_PRIME_MILLIS = 10_000;

    @Inject
    WorkEngine engine;

    @Inject
    WorkRpc rpc;

    void register(@Observes StartupEvent event) {
        // The global context holds resources weakly: this application-scoped bean keeps itself alive.
        Core.getGlobalContext().register(this);
    }

    @Override
    public synchronized void beforeCheckpoint(Context<? extends Resource> context) {
        // Keys are read when a request needs them, so none should have been; drop any all the same: a key in the
        // snapshot would outlive its rotation in every environment restored from it.
        engine.access().forget();
        // The key store's SDK path run once offline, so the first read after a restore finds its classes loaded.
        engine.access().prime();
        JvmProbe.CpuFacts cpu = JvmProbe.CpuFacts.current();
        // The snapshot carries the compiled code: take it with the kept kernel at full speed (issue 22), or say not.
        HostFacts host = rpc.host();
        KernelWarmup.Primed primed =
                KernelWarmup.primeUntilSteady(engine.kernel(), host.primed().raced(), SNAPSHOT_PRIME_MILLIS);
        // Status says that rate from now on, in this instance and in every one restored from the snapshot (unless
        // this function selected no kernel: then it has no rate to say).
        if (host.primed().primed().isPresent())
            rpc.host(host.on(cpu, host.primed().primedAgain(primed)));
        LOG.info(() -> String.format(
                Locale.ROOT,
                "SnapStart checkpoint: %s kernel %s %.1f MH/s/thread on %s (%s)",
                engine.kernel().name(),
                primed.steady() ? "at" : "NOT at full speed:",
                primed.mhs(),
                cpu.model(),
                String.join(" ", cpu.features())));
    }

    @Override
    public synchronized void afterRestore(Context<? extends Resource> context) {
        restore(engine.queue().search(), rpc, JvmProbe.CpuFacts.current());
        // The keys' first read starts now, in the background: the first request finds it done or under way.
        engine.access().prefetch();
    }

    /**
     * Reseeds {@code search} and {@code rpc}, shows {@code cpu} in the RPC's host facts, and falls back to the scalar
     * kernel when {@code cpu} lacks what the search's kernel needs.
     *
     * @return the line logged
     */
    static String restore(WorkSearch search, WorkRpc rpc, JvmProbe.CpuFacts cpu) {
        SecureRandom entropy = new SecureRandom();
        search.reseed(entropy.generateSeed(32));
        rpc.reseed(entropy.generateSeed(32));
        rpc.host(rpc.host().on(cpu, rpc.host().primed()));
        String kernel = search.kernel().name();
        String where = cpu.model() + " (" + (cpu.flagsKnown() ? cpu.featureList() : "flags unreadable") + ")";
        if (cpu.allows(kernel)) {
            String line =
                    "SnapStart restore: random sources reseeded; CPU " + where + " runs the " + kernel + " kernel";
            LOG.info(line);
            return line;
        }
        search.useKernel(new ScalarKernel());
        String line = "SnapStart restore: random sources reseeded; CPU " + where + " lacks what the " + kernel
                + " kernel was selected for before the snapshot: falling back to scalar";
        LOG.warning(line);
        return line;
    }
}
