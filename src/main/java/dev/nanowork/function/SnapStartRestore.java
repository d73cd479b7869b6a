package dev.nanowork.function;

import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.kernel.KernelWarmup;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import org.jboss.logging.Logger;

/**
 * The SnapStart hooks, through the {@code org.crac} API that Quarkus' Lambda extension ships (Lambda's java
 * runtime implements it): before the snapshot one line records what was chosen on which CPU; after a restore
 * {@link WorkEngine#afterRestore} reseeds every random source and checks the CPU still allows the kernel.
 * Outside SnapStart (self-hosted, tests, $LATEST) the hooks never run.
 */
@ApplicationScoped
public class SnapStartRestore implements Resource {
    private static final Logger LOG = Logger.getLogger(SnapStartRestore.class);

    /** How long the checkpoint waits for the kernel to run steady (SnapStart's init phase may take minutes). */
    static final long SNAPSHOT_PRIME_MILLIS = 10_000;

    @Inject
    WorkEngine engine;

    void register(@Observes StartupEvent event) {
        // The global context holds resources weakly: this application-scoped bean keeps itself alive.
        Core.getGlobalContext().register(this);
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        JvmProbe.CpuFacts cpu = JvmProbe.CpuFacts.current();
        // The snapshot carries the compiled code: take it with the kept kernel at full speed (issue 22), or say not.
        KernelWarmup.Primed primed = KernelWarmup.primeUntilSteady(engine.kernel(), SNAPSHOT_PRIME_MILLIS);
        engine.primedBeforeSnapshot(primed, cpu);
        LOG.infof(
                "SnapStart checkpoint: %s kernel %s %.1f MH/s/thread on %s (%s)",
                engine.kernel().name(),
                primed.steady() ? "at" : "NOT at full speed:",
                primed.mhs(),
                cpu.model(),
                String.join(" ", cpu.features()));
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        engine.afterRestore(JvmProbe.CpuFacts.current());
    }
}
