package dev.nanowork.kernel.generator;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes the catalogue of the shipped shapes as Java: {@code KernelVariant} (every variant with its name, width,
 * lanes, states, where {@code auto} races it and what the CPU needs; loaded by the selector without any vector
 * class) and {@code kernel/vector/VectorVariants} (the vector kernels' constructors by variant, and the methods
 * {@code C1Exclusion} keeps from C1).
 */
final class CatalogueWriter {
    static final String VARIANT_FILE = "src/main/java/dev/nanowork/kernel/KernelVariant.java";
    static final String FACTORY_FILE = "src/main/java/dev/nanowork/kernel/vector/VectorVariants.java";

    private CatalogueWriter() {}

    static String variants(List<Shape> shapes) {
        StringBuilder s = new StringBuilder(Generated.header("catalogue"));
        s.append("package dev.nanowork.kernel;\n\n");
        s.append("import dev.nanowork.kernel.vector.VectorKernels;\n");
        s.append("import java.util.Optional;\n\n");
        s.append("""
                /**
                 * Every work kernel of this build, one constant per generated class: what the configuration's names ({@link
                 * KernelChoice}), the selector, the CPU check ({@link JvmProbe.CpuFacts#allows}) and the vector factory derive
                 * from. Order: per width, widest first, two states before one, then scalar. Loading it loads no vector class:
                 * {@link #create} reaches {@code VectorKernels} only for a vector variant.
                 */
                public enum KernelVariant {
                """);
        for (int i = 0; i < shapes.size(); i++) {
            Shape shape = shapes.get(i);
            s.append("    /** ")
                    .append(shape.scalar() ? "Plain Java" : shape.bits() + "-bit vectors")
                    .append(", ");
            s.append(shape.lanes())
                    .append(shape.lanes() == 1 ? " lane" : " lanes")
                    .append(" x ");
            s.append(shape.states()).append(shape.states() == 1 ? " state" : " states");
            s.append(": ").append(shape.why()).append(". */\n");
            s.append("    ")
                    .append(shape.constant())
                    .append("(\"")
                    .append(shape.name())
                    .append("\", ");
            s.append(shape.bits())
                    .append(", ")
                    .append(shape.states())
                    .append(", ")
                    .append(shape.racedAt());
            s.append(", \"")
                    .append(shape.x86Feature())
                    .append("\", \"")
                    .append(shape.armFeature())
                    .append("\")");
            s.append(i == shapes.size() - 1 ? ";\n\n" : ",\n");
        }
        s.append("""
                    private final String wireName;
                    private final int bits;
                    private final int states;
                    private final int racedAt;
                    private final String x86Feature;
                    private final String armFeature;

                    KernelVariant(String wireName, int bits, int states, int racedAt, String x86Feature, String armFeature) {
                        this.wireName = wireName;
                        this.bits = bits;
                        this.states = states;
                        this.racedAt = racedAt;
                        this.x86Feature = x86Feature;
                        this.armFeature = armFeature;
                    }

                    /** The name in the configuration ({@code nano-work.kernel}), the logs and the status and benchmark answers. */
                    public String wireName() {
                        return wireName;
                    }

                    /** The vector width in bits, 0 for scalar. */
                    public int bits() {
                        return bits;
                    }

                    /** Whether it is a Vector API kernel (only after the probe found the module readable). */
                    public boolean vector() {
                        return bits > 0;
                    }

                    /** Nonces per vector, 1 for scalar. */
                    public int lanes() {
                        return bits == 0 ? 1 : bits / 64;
                    }

                    /** Independent states interleaved per block. */
                    public int states() {
                        return states;
                    }

                    /** Whether {@code auto} times it where the widest vector the JIT compiles is {@code widestBits}. */
                    public boolean racedWhereWidest(int widestBits) {
                        return racedAt == widestBits;
                    }

                    /** The x86 CPU feature its width needs ({@code avx512f}, {@code avx2}), empty when none. */
                    public String x86Feature() {
                        return x86Feature;
                    }

                    /** The ARM CPU feature its width needs ({@code sve} past NEON's 128 bits), empty when none. */
                    public String armFeature() {
                        return armFeature;
                    }

                    /** The variant named {@code wireName}, exactly. */
                    public static Optional<KernelVariant> named(String wireName) {
                        for (KernelVariant v : values()) if (v.wireName.equals(wireName)) return Optional.of(v);
                        return Optional.empty();
                    }

                    /**
                     * A new kernel of this variant. A vector variant only after the probe found {@code jdk.incubator.vector}
                     * readable: its classes cannot load without the module.
                     */
                    public WorkKernel create() {
                        return switch (this) {
                """);
        for (Shape shape : shapes) {
            if (!shape.scalar()) continue;
            s.append("            case ")
                    .append(shape.constant())
                    .append(" -> new ")
                    .append(shape.className());
            s.append("();\n");
        }
        s.append("""
                            default -> VectorKernels.create(this);
                        };
                    }

                    @Override
                    public String toString() {
                        return wireName;
                    }
                }
                // spotless:on
                """);
        return s.toString();
    }

    static String vectorFactory(List<Shape> shapes) {
        StringBuilder s = new StringBuilder(Generated.header("vector factory"));
        s.append("package dev.nanowork.kernel.vector;\n\n");
        s.append("import dev.nanowork.kernel.KernelVariant;\n");
        s.append("import dev.nanowork.kernel.WorkKernel;\n");
        s.append("import java.util.List;\n\n");
        s.append(
                "/** The vector kernels by variant, and the methods of theirs that {@link C1Exclusion} keeps from C1. */\n");
        s.append("final class VectorVariants {\n");
        s.append("    /** The method of the kernels that hash a block in one method. */\n");
        s.append("    static final String ONE_METHOD = \"")
                .append(KernelWriter.ROUNDS)
                .append("\";\n\n");
        s.append("    /** The step kernels whose {@code step} methods are kept from C1 too (half-rounds x states >= ");
        s.append(Shape.C1_EXCLUDED_FROM).append("). */\n");
        s.append("    static final List<String> STEP_KERNELS_KEPT_FROM_C1 = List.of(");
        s.append(shapes.stream()
                .filter(Shape::stepsKeptFromC1)
                .map(shape -> "\"" + shape.className() + "\"")
                .collect(Collectors.joining(", ")));
        s.append(");\n\n");
        s.append("    private VectorVariants() {}\n\n");
        s.append("    static WorkKernel create(KernelVariant variant) {\n");
        s.append("        return switch (variant) {\n");
        for (Shape shape : shapes) {
            if (shape.scalar()) continue;
            s.append("            case ")
                    .append(shape.constant())
                    .append(" -> new ")
                    .append(shape.className());
            s.append("();\n");
        }
        s.append("            default -> throw new IllegalArgumentException(variant + \" is not a vector kernel\");\n");
        s.append("        };\n    }\n}\n// spotless:on\n");
        return s.toString();
    }
}
