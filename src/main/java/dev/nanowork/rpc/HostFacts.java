package dev.nanowork.rpc;

import dev.nanowork.kernel.JvmProbe;

/**
 * The machine and JVM this process runs on, found once at start-up and shown by {@code status} and
 * {@code benchmark}: whether C2 compiles the kernel, the CPU, the JVM and the JIT flags that set the rate.
 */
public record HostFacts(boolean c2On, String cpuModel, String cpuFlags, int availableProcessors, String jvm, String jitFlags) {
    /** The facts of this JVM, from its one probe. */
    public static HostFacts of(JvmProbe probe) {
        return new HostFacts(probe.c2On(), JvmProbe.cpuModel(), JvmProbe.cpuFlags(), Runtime.getRuntime().availableProcessors(),
                JvmProbe.jvm(), JvmProbe.jitFlags());
    }
}
