package dev.nanowork.kernel;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What this JVM can run, asked once at start-up: is {@code jdk.incubator.vector} readable, is C2 on, and
 * how wide are the vectors the JIT compiles. A record so that tests can inject every combination.
 *
 * @param vectorModuleReadable the incubator module is in the boot layer and readable by this code
 * @param c2On the optimising compiler will compile the kernel (without it the Vector API runs ~400x slower)
 * @param c2Detail why C2 is off, with the flag and where it was set, or how C2 was found on
 * @param preferredBits {@code LongVector.SPECIES_PREFERRED} width, 0 when the module is not readable
 */
public record JvmProbe(boolean vectorModuleReadable, boolean c2On, String c2Detail, int preferredBits) {
    static final String VECTOR_MODULE = "jdk.incubator.vector";

    /** A VM flag's value and where it came from ({@code DEFAULT}, {@code ENVIRON_VAR}, {@code VM_CREATION}, ...). */
    public record Flag(String value, String origin) {
        /** {@code 1 (JAVA_TOOL_OPTIONS)}: the value and, in words, where it was set. */
        @Override
        public String toString() {
            String where = switch (origin) {
                case "VM_CREATION" -> "command line";
                case "ENVIRON_VAR" -> "JAVA_TOOL_OPTIONS";
                case "CONFIG_FILE" -> "flags file";
                default -> origin.toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
            };
            return value + " (" + where + ")";
        }
    }

    /** Probes this JVM. Loads the vector classes only when the module is readable. */
    public static JvmProbe current() {
        boolean readable = ModuleLayer.boot()
                .findModule(VECTOR_MODULE)
                .filter(JvmProbe.class.getModule()::canRead)
                .isPresent();
        HotSpotDiagnosticMXBean hotspot;
        try {
            hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        } catch (RuntimeException | LinkageError e) {
            hotspot = null;
        }
        HotSpotDiagnosticMXBean bean = hotspot;
        Function<String, Optional<Flag>> flags = name -> {
            if (bean == null) return Optional.empty();
            try {
                VMOption o = bean.getVMOption(name);
                return Optional.of(new Flag(o.getValue(), o.getOrigin().name()));
            } catch (IllegalArgumentException e) {
                return Optional.empty(); // no such flag on this VM
            }
        };
        C2 c2 = c2(flags);
        int bits = readable ? dev.nanowork.kernel.vector.VectorKernels.preferredBits() : 0;
        return new JvmProbe(readable, c2.on, c2.detail, bits);
    }

    /** Whether C2 is on, and why. */
    record C2(boolean on, String detail) {}

    /**
     * C2 from the VM flags: off under {@code -Xint} ({@code UseCompiler=false}) or when tiered compilation
     * stops below level 4 ({@code TieredStopAtLevel}, which AWS Lambda sets to 1 by default); on otherwise,
     * including {@code -XX:-TieredCompilation} (C2 only). Unknown flags (another VM) count as on.
     */
    static C2 c2(Function<String, Optional<Flag>> flags) {
        Optional<Flag> useCompiler = flags.apply("UseCompiler");
        if (useCompiler.isPresent() && useCompiler.get().value().equals("false")) {
            return new C2(false, "the JIT is off: UseCompiler=" + useCompiler.get() + " (-Xint)");
        }
        Optional<Flag> tiered = flags.apply("TieredCompilation");
        Optional<Flag> stop = flags.apply("TieredStopAtLevel");
        if (tiered.isEmpty() && stop.isEmpty()) return new C2(true, "assumed on (no HotSpot flags to read)");
        if (tiered.isPresent() && tiered.get().value().equals("false")) {
            return new C2(true, "on: TieredCompilation=" + tiered.get());
        }
        if (stop.isPresent()) {
            int level;
            try {
                level = Integer.parseInt(stop.get().value());
            } catch (NumberFormatException e) {
                level = 4;
            }
            if (level < 4) return new C2(false, "C2 is off: TieredStopAtLevel=" + stop.get());
            return new C2(true, "on: TieredStopAtLevel=" + stop.get());
        }
        return new C2(true, "on");
    }

    /** The flags that change the kernels' speed: C2 on or off, and the vector width it compiles. */
    static final List<String> JIT_FLAGS =
            List.of("TieredStopAtLevel", "TieredCompilation", "UseAVX", "MaxVectorSize", "UseSVE");

    /** {@code TieredStopAtLevel=4 (DEFAULT) TieredCompilation=true (DEFAULT) ...}: the speed flags this JVM has. */
    public static String jitFlags() {
        List<String> shown = new ArrayList<>();
        try {
            HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            for (String flag : JIT_FLAGS) {
                try {
                    VMOption o = bean.getVMOption(flag);
                    shown.add(o.getName() + "=" + o.getValue() + " (" + o.getOrigin() + ")");
                } catch (IllegalArgumentException e) {
                    // not a flag of this JVM or this CPU (UseAVX on arm64, UseSVE on x86)
                }
            }
        } catch (RuntimeException | LinkageError e) {
            // not HotSpot: no flags to show
        }
        return String.join(" ", shown);
    }

    /** {@code 25.0.1+8-LTS (Eclipse Adoptium)}. */
    public static String jvm() {
        return Runtime.version() + " (" + System.getProperty("java.vm.vendor", "unknown vendor") + ")";
    }

    /** The CPU model from /proc/cpuinfo ({@code model name}, or the ARM part number), else {@code os.arch}. */
    public static String cpuModel() {
        return cpuinfo("model name")
                .or(() -> cpuinfo("CPU part").map(p -> "ARM CPU part " + p))
                .orElse(System.getProperty("os.arch"));
    }

    /** The CPU's feature flags ({@code flags} on x86, {@code Features} on ARM), or empty. */
    public static String cpuFlags() {
        return cpuinfo("flags").or(() -> cpuinfo("Features")).orElse("");
    }

    private static Optional<String> cpuinfo(String key) {
        Path path = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(path)) return Optional.empty();
        try (Stream<String> lines = Files.lines(path)) {
            return lines.filter(l -> l.indexOf(':') > 0
                            && l.substring(0, l.indexOf(':')).strip().equals(key))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The CPU facts that decide the kernels' speed, for {@code status} and {@code benchmark} (so a deployed
     * function tells what Lambda really gives) and for the SnapStart restore check: the CPU model, which of
     * the vector features that matter it has, and what the JIT compiles for it.
     *
     * @param model {@link #cpuModel()}
     * @param features those of {@link #FEATURES} the CPU reports, in that order; empty when /proc/cpuinfo is unreadable
     * @param flagsKnown whether /proc/cpuinfo was read (when not, nothing can be concluded from {@code features})
     * @param useAvx the {@code UseAVX} flag (x86 only), else {@code none}
     * @param maxVectorSize the {@code MaxVectorSize} flag in bytes, else {@code none}
     * @param preferredBits {@code LongVector.SPECIES_PREFERRED} width, 0 when the vector module is not readable
     */
    public record CpuFacts(
            String model,
            List<String> features,
            boolean flagsKnown,
            String useAvx,
            String maxVectorSize,
            int preferredBits) {
        /** x86: AVX2 (256-bit), AVX-512F (512-bit); ARM: Advanced SIMD (NEON, 128-bit), SVE. */
        public static final List<String> FEATURES = List.of("avx2", "avx512f", "asimd", "sve");

        /** Reads /proc/cpuinfo and the JIT's flags now (again after a SnapStart restore, on another host). */
        public static CpuFacts current() {
            return of(JvmProbe.current());
        }

        /** Reads /proc/cpuinfo and the JIT's flags, with the vector width {@code probe} already found. */
        public static CpuFacts of(JvmProbe probe) {
            String flags = cpuFlags();
            Set<String> present = Set.of(flags.split("\\s+"));
            return new CpuFacts(
                    cpuModel(),
                    FEATURES.stream().filter(present::contains).toList(),
                    !flags.isEmpty(),
                    vmFlag("UseAVX"),
                    vmFlag("MaxVectorSize"),
                    probe.preferredBits());
        }

        /** {@code avx2 avx512f}, or {@code unknown} when /proc/cpuinfo could not be read. */
        public String featureList() {
            return flagsKnown ? String.join(" ", features) : "unknown";
        }

        /**
         * Whether this CPU has what {@code name} (a variant or a width) was compiled for: every variant it may run
         * needs the CPU feature the catalogue gives its width ({@link KernelVariant#x86Feature}: AVX-512F for 512 bits,
         * AVX2 for 256; {@link KernelVariant#armFeature}: SVE past NEON's 128 bits). Scalar runs anywhere, and so does
         * everything when the CPU's flags cannot be read; a name that is no variant or width asks nothing.
         */
        public boolean allows(String name) {
            return KernelChoice.find(name)
                    .map(choice -> choice.variants().stream().allMatch(this::allows))
                    .orElse(true);
        }

        /** Whether this CPU has the feature {@code variant}'s width needs (see {@link #allows(String)}). */
        public boolean allows(KernelVariant variant) {
            if (!flagsKnown || !variant.vector()) return true;
            boolean arm = features.contains("asimd")
                    || System.getProperty("os.arch", "").contains("aarch64");
            String needed = arm ? variant.armFeature() : variant.x86Feature();
            return needed.isEmpty() || features.contains(needed);
        }

        private static String vmFlag(String name) {
            try {
                return ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                        .getVMOption(name)
                        .getValue();
            } catch (RuntimeException e) {
                return "none"; // not a flag of this VM or CPU (UseAVX on arm64), or not HotSpot
            }
        }
    }
}
