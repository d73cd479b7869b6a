package dev.nanowork.rpc;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the machine and the JVM are, for {@code status} and {@code benchmark}: the JIT flags that decide
 * the hash rate (with where each value came from: on Lambda the runtime may set
 * {@code TieredStopAtLevel=1}, which makes the kernels crawl), the CPU model and its flags.
 */
public final class Platform {
    /** The flags that change the kernels' speed: C2 on or off, and the vector width it compiles. */
    static final List<String> JIT_FLAGS = List.of("TieredStopAtLevel", "TieredCompilation", "UseAVX", "MaxVectorSize", "UseSVE");

    private Platform() {}

    /** {@code TieredStopAtLevel=4 (DEFAULT) TieredCompilation=true (DEFAULT) ...}, the flags this JVM has. */
    public static String jitFlags() {
        List<String> shown = new ArrayList<>();
        for (String flag : JIT_FLAGS) {
            vmOption(flag).ifPresent(o -> shown.add(o.getName() + "=" + o.getValue() + " (" + o.getOrigin() + ")"));
        }
        return String.join(" ", shown);
    }

    public static Optional<VMOption> vmOption(String name) {
        try {
            return Optional.of(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption(name));
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            return Optional.empty(); // not a flag of this JVM or this CPU (UseAVX on arm64, UseSVE on x86)
        }
    }

    /** {@code 25.0.1+8-LTS (Eclipse Adoptium)}. */
    public static String jvm() {
        return Runtime.version() + " (" + System.getProperty("java.vm.vendor", "unknown vendor") + ")";
    }

    /** The CPU model from /proc/cpuinfo ({@code model name}, or the ARM part number), else {@code os.arch}. */
    public static String cpuModel() {
        return dev.nanowork.kernel.JvmProbe.CpuFacts.current().model();
    }

    /** The CPU's feature flags ({@code flags} on x86, {@code Features} on ARM), or empty. */
    public static String cpuFlags() {
        return dev.nanowork.kernel.JvmProbe.CpuFacts.cpuinfo("flags").or(() -> dev.nanowork.kernel.JvmProbe.CpuFacts.cpuinfo("Features")).orElse("");
    }
}
