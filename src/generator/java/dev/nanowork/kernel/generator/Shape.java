package dev.nanowork.kernel.generator;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * One kernel shape, and so one variant of the catalogue ({@code KernelVariant}).
 *
 * @param name the variant's name in the configuration and on the wire ({@code vector512x2})
 * @param className the generated class ({@code Vector512x2}; in {@code kernel/vector} unless scalar)
 * @param bits the vector width, 0 for scalar
 * @param states independent states interleaved statement by statement
 * @param gPerGroup G functions written side by side (their statements interleaved)
 * @param stepsPerMethod half-rounds per method; {@value #LOOP} for the whole block in one method with rounds 1 to 10
 *     as a loop ({@link #loop}), {@value #FLAT} for one method with every round written out ({@link #flat})
 * @param loops for a loop shape, how many loops rounds 1 to 10 are split into ({@link LoopWriter#ranges}): each adds
 *     the message places that are non-zero in one of its rounds only; 1 for every other shape
 * @param shuffled the rotate amounts written as shuffles instead of {@code lanewise(ROR, n)} ({@link Rotates})
 * @param racedAt {@code auto} times this variant when the widest vector this JVM compiles is this many bits; 0:
 *     never (it runs when named, or chosen by its width)
 * @param why one phrase: what the shape is for, with its measured reason
 */
record Shape(
        String name,
        String className,
        int bits,
        int states,
        int gPerGroup,
        int stepsPerMethod,
        int loops,
        Set<Integer> shuffled,
        int racedAt,
        String why) {
    /** {@link #stepsPerMethod} of the loop shapes. */
    static final int LOOP = 0;

    /** {@link #stepsPerMethod} of the flat shapes ({@code flat} in {@code --try}). */
    static final int FLAT = -1;

    /** Half-rounds times states in one method from which a step kernel is kept from C1 ({@link #keptFromC1}). */
    static final int C1_EXCLUDED_FROM = 6;

    /** A scalar shape (plain Java, one nonce per state). */
    static Shape scalar(String name, String className, int states, int gPerGroup, int stepsPerMethod, String why) {
        return new Shape(name, className, 0, states, gPerGroup, stepsPerMethod, 1, Set.of(), 0, why);
    }

    /** A {@code LongVector} shape of {@code bits}, every rotate {@code lanewise(ROR, n)}. */
    static Shape vector(
            String name, String className, int bits, int states, int gPerGroup, int stepsPerMethod, String why) {
        return new Shape(name, className, bits, states, gPerGroup, stepsPerMethod, 1, Set.of(), 0, why);
    }

    /** This shape with the rotates by {@code amounts} written as shuffles. */
    Shape shuffling(Integer... amounts) {
        return new Shape(
                name, className, bits, states, gPerGroup, stepsPerMethod, loops, Set.of(amounts), racedAt, why);
    }

    /** This shape, timed by {@code auto} where the widest vector compiled is {@code widest} bits. */
    Shape racedAt(int widest) {
        return new Shape(name, className, bits, states, gPerGroup, stepsPerMethod, loops, shuffled, widest, why);
    }

    /**
     * How the generated code names {@code VectorOperators.<operator>} ({@code ADD}, {@code XOR}, {@code ROR}): the
     * static import, or, in a kernel split into several loops, a local of its method ({@link KernelWriter}), whose
     * {@code aload} is a byte shorter than a {@code getstatic}: over a thousand uses, which keeps two loops of two states
     * within the 8,000 bytecodes C2 compiles. C2 folds the local to the same constant.
     */
    String op(String operator) {
        return operatorsInLocals() ? operator.toLowerCase(Locale.ROOT) : operator;
    }

    /** Whether the kernel's round method holds the operators in locals ({@link #op}): when it is split into loops. */
    boolean operatorsInLocals() {
        return loops > 1;
    }

    boolean scalar() {
        return bits == 0;
    }

    /** Nonces per vector, 1 for scalar. */
    int lanes() {
        return scalar() ? 1 : bits / 64;
    }

    /** The enum constant of the catalogue: {@code VECTOR512X2}. */
    String constant() {
        return name.toUpperCase(Locale.ROOT);
    }

    /** The generated file, relative to the project directory. */
    String path() {
        return "src/main/java/dev/nanowork/kernel/" + (scalar() ? "" : "vector/") + className + ".java";
    }

    /** The x86 CPU feature the JIT needs to compile this width: AVX-512F for 512 bits, AVX2 for 256, else none. */
    String x86Feature() {
        return bits == 512 ? "avx512f" : bits == 256 ? "avx2" : "";
    }

    /** The ARM CPU feature the JIT needs: SVE for anything wider than NEON's 128 bits, else none. */
    String armFeature() {
        return bits > 128 ? "sve" : "";
    }

    /**
     * The whole block in one method (vector kernels only): round 0, rounds 1 to 10 as a loop over the message
     * schedule, round 11 trimmed, the state in locals throughout.
     */
    boolean loop() {
        return !scalar() && stepsPerMethod == LOOP;
    }

    /**
     * The whole block in one method with every round written out (vector kernels only): no zero message word
     * anywhere, but past C2's {@code HugeMethodLimit} for two states (round 7, docs/kernels.md); a {@code --try} shape.
     */
    boolean flat() {
        return stepsPerMethod == FLAT;
    }

    /** One method for the whole block: {@link #loop} or {@link #flat}. */
    boolean oneMethod() {
        return !scalar() && (loop() || flat());
    }

    /**
     * A vector kernel whose round methods are kept from C1 ({@code C1Exclusion}): the one-method shapes, and step
     * kernels whose methods hold {@value #C1_EXCLUDED_FROM} or more half-rounds of state (half-rounds times states,
     * about 3,600 bytecodes and up). Round 7: a method of 11 half-rounds for one state (6,353 bytecodes) stayed on
     * C1's tier-2 code for good (0.3 MH/s), as the one-method kernels did before their exclusion; {@code
     * vector128x2}'s methods (2 half-rounds of 2 states) stay within C1's limit and keep its quick code.
     */
    boolean keptFromC1() {
        return oneMethod() || (!scalar() && stepsPerMethod * states >= C1_EXCLUDED_FROM);
    }

    /** A step kernel kept from C1: {@code C1Exclusion} names its {@code step} methods. */
    boolean stepsKeptFromC1() {
        return keptFromC1() && !oneMethod();
    }

    /**
     * A shape from {@code --try}'s {@code <name>:<bits>:<states>:<G per group>:<half-rounds per method|loop|loop<N>|flat>
     * [:shuf=32.24.16]} ({@code loop2}: rounds 1 to 10 in two loops).
     */
    static Shape parse(String spec) {
        String[] f = spec.split(":", -1);
        Set<Integer> shuffled = new TreeSet<>();
        if (f.length > 5 && f[5].startsWith("shuf="))
            for (String r : f[5].substring(5).split("\\.", -1)) shuffled.add(Integer.parseInt(r));
        return new Shape(
                f[0],
                f[0].substring(0, 1).toUpperCase(Locale.ROOT) + f[0].substring(1),
                Integer.parseInt(f[1]),
                Integer.parseInt(f[2]),
                Integer.parseInt(f[3]),
                f[4].startsWith("loop") ? LOOP : f[4].equals("flat") ? FLAT : Integer.parseInt(f[4]),
                f[4].startsWith("loop") && f[4].length() > 4 ? Integer.parseInt(f[4].substring(4)) : 1,
                Set.copyOf(shuffled),
                0,
                "a shape being tried");
    }
}
