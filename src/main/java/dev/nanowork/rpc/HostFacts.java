package dev.nanowork.rpc;

import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.kernel.PrimedRate;

/**
 * The machine and JVM this process runs on, found at start-up (and again after a SnapStart restore, {@link #on}) and
 * shown by {@code status} and {@code benchmark}: whether C2 compiles the kernel, the CPU and its vector
 * facts, the JVM and the JIT flags that set the rate; and whether it is a Lambda instance ({@code lambda}: the
 * runtime API is set), where every invocation runs alone; and what priming got the kept kernel to on it ({@code
 * primed}, the operator's status shows it).
 */
public record HostFacts(
        boolean c2On,
        String cpuFlags,
        int availableProcessors,
        String jvm,
        String jitFlags,
        JvmProbe.CpuFacts cpu,
        boolean lambda,
        PrimedRate primed) {
    /** The facts of this JVM, from its one probe, on the CPU {@code cpu}, where priming reached {@code primed}. */
    public static HostFacts of(JvmProbe probe, JvmProbe.CpuFacts cpu, PrimedRate primed) {
        return new HostFacts(
                probe.c2On(),
                JvmProbe.cpuFlags(),
                Runtime.getRuntime().availableProcessors(),
                JvmProbe.jvm(),
                JvmProbe.jitFlags(),
                cpu,
                System.getenv("AWS_LAMBDA_RUNTIME_API") != null,
                primed);
    }

    /**
     * The same JVM on {@code cpu}, where priming reached {@code primed}: the CPU's flags and processors read again, as
     * a SnapStart restore may land on another host.
     */
    public HostFacts on(JvmProbe.CpuFacts cpu, PrimedRate primed) {
        return new HostFacts(
                c2On,
                JvmProbe.cpuFlags(),
                Runtime.getRuntime().availableProcessors(),
                jvm,
                jitFlags,
                cpu,
                lambda,
                primed);
    }
}
