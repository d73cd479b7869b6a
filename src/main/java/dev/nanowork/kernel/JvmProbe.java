package dev.nanowork.kernel;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

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
        boolean readable = ModuleLayer.boot().findModule(VECTOR_MODULE)
                .filter(JvmProbe.class.getModule()::canRead).isPresent();
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

    /**
     * The CPU facts that decide the kernels' speed, for {@code status} and {@code benchmark} (so a deployed
     * function tells what Lambda really gives) and for the SnapStart restore check: the CPU model, which of
     * the vector features that matter it has, and what the JIT compiles for it.
     *
     * @param model {@code model name} of /proc/cpuinfo (x86), {@code ARM CPU part 0xd0c} (ARM), else {@code os.arch}
     * @param features those of {@link #FEATURES} the CPU reports, in that order; empty when /proc/cpuinfo is unreadable
     * @param flagsKnown whether /proc/cpuinfo was read (when not, nothing can be concluded from {@code features})
     * @param useAvx the {@code UseAVX} flag (x86 only), else {@code none}
     * @param maxVectorSize the {@code MaxVectorSize} flag in bytes, else {@code none}
     * @param preferredBits {@code LongVector.SPECIES_PREFERRED} width, 0 when the vector module is not readable
     */
    public record CpuFacts(String model, List<String> features, boolean flagsKnown, String useAvx, String maxVectorSize, int preferredBits) {
        /** x86: AVX2 (256-bit), AVX-512F (512-bit); ARM: Advanced SIMD (NEON, 128-bit), SVE. */
        public static final List<String> FEATURES = List.of("avx2", "avx512f", "asimd", "sve");

        /** Reads /proc/cpuinfo and the JIT's flags now (again after a SnapStart restore, on another host). */
        public static CpuFacts current() {
            Optional<String> flags = cpuinfo("flags").or(() -> cpuinfo("Features"));
            java.util.Set<String> present = java.util.Set.of(flags.orElse("").split("\\s+"));
            HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            boolean readable = ModuleLayer.boot().findModule(VECTOR_MODULE).filter(JvmProbe.class.getModule()::canRead).isPresent();
            return new CpuFacts(cpuinfo("model name").or(() -> cpuinfo("CPU part").map(p -> "ARM CPU part " + p)).orElse(System.getProperty("os.arch")),
                    FEATURES.stream().filter(present::contains).toList(), flags.isPresent(), vmFlag(bean, "UseAVX"), vmFlag(bean, "MaxVectorSize"),
                    readable ? dev.nanowork.kernel.vector.VectorKernels.preferredBits() : 0);
        }

        /** The answer fields: {@code cpu_model}, {@code cpu_features}, {@code use_avx}, {@code max_vector_size}, {@code preferred_vector_bits}. */
        public java.util.Map<String, String> fields() {
            java.util.Map<String, String> fields = new java.util.LinkedHashMap<>();
            fields.put("cpu_model", model);
            fields.put("cpu_features", flagsKnown ? String.join(" ", features) : "unknown");
            fields.put("use_avx", useAvx);
            fields.put("max_vector_size", maxVectorSize);
            fields.put("preferred_vector_bits", Integer.toString(preferredBits));
            return fields;
        }

        /**
         * Whether this CPU has what kernel {@code name} was compiled for: {@code vector512} needs AVX-512F on x86,
         * {@code vector256} AVX2; on ARM every vector kernel wider than NEON's 128 bits needs SVE. Scalar runs
         * anywhere, and so does everything when the CPU's flags cannot be read.
         */
        public boolean allows(String name) {
            if (!flagsKnown || !name.startsWith("vector")) return true;
            boolean arm = features.contains("asimd") || System.getProperty("os.arch", "").contains("aarch64");
            return switch (name) {
                case "vector512" -> arm ? features.contains("sve") : features.contains("avx512f");
                case "vector256" -> arm ? features.contains("sve") : features.contains("avx2");
                default -> true;
            };
        }

        private static String vmFlag(HotSpotDiagnosticMXBean bean, String name) {
            try {
                return bean.getVMOption(name).getValue();
            } catch (IllegalArgumentException | NullPointerException e) {
                return "none"; // not a flag of this VM or CPU (UseAVX on arm64)
            }
        }

        /** The first {@code key : value} line of /proc/cpuinfo with exactly this key. */
        public static Optional<String> cpuinfo(String key) {
            java.nio.file.Path path = java.nio.file.Path.of("/proc/cpuinfo");
            if (!java.nio.file.Files.isReadable(path)) return Optional.empty();
            try (java.util.stream.Stream<String> lines = java.nio.file.Files.lines(path)) {
                return lines.filter(l -> l.indexOf(':') > 0 && l.substring(0, l.indexOf(':')).strip().equals(key))
                        .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst();
            } catch (java.io.IOException | java.io.UncheckedIOException e) {
                return Optional.empty();
            }
        }
    }
}
