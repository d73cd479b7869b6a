package dev.nanowork.kernel.generator;

import dev.nanowork.kernel.generator.Val.Ref;
import dev.nanowork.kernel.generator.Val.Stmt;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes one kernel class from the symbolic run ({@link SymbolicRounds}) for one {@link Shape}: a {@code BlockKernel}
 * whose {@code hash} calls the round methods in turn. How the methods are cut: the loop and flat shapes hash the
 * block in one method ({@value #ROUNDS}); the step shapes write consecutive half-rounds ({@link
 * Shape#stepsPerMethod} each) per method, and hand the state words a later method reads over through the per-thread
 * {@code state} array (the vector ones give round 0's two halves a method each: C1 runs out of virtual registers on a
 * method with that many constant loads, and a method C1 gives up on was measured to stay on slow tier-2 code).
 */
final class KernelWriter {
    /**
     * The name of the one-method shapes' method, which C1 cannot compile ("out of virtual registers") and which
     * therefore is kept from C1 by name ({@code C1Exclusion}): a method C1 compiles at tier 2 but refuses at tier 3
     * stays on tier-2 code for good. The step methods are {@code step<N>}, N the first half-round.
     */
    static final String ROUNDS = "rounds";

    private final SymbolicRounds rounds;
    private final List<Val> leaves;

    KernelWriter(SymbolicRounds rounds) {
        this.rounds = rounds;
        this.leaves = rounds.leaves();
    }

    /** The name of the method that starts at half-round {@code step}. */
    static String methodName(Shape shape, int step) {
        return shape.oneMethod() ? ROUNDS : "step" + step;
    }

    /** The methods as {from, to} half-rounds. */
    private List<int[]> methods(Shape shape) {
        int lastStep = rounds.lastStep();
        List<int[]> methods = new ArrayList<>();
        if (shape.oneMethod()) {
            // One method: no state word goes through memory between rounds 0, 1-10 and 11 (round 5: 1.25x at 512
            // bits with two states against four methods). Its per-root constants are loaded once and shared by the
            // states (MethodWriter: fewer loads, 70-75 MH/s against 66-72 in short runs).
            methods.add(new int[] {0, lastStep});
            return methods;
        }
        int firstStep = 0;
        if (!shape.scalar()) {
            methods.add(new int[] {0, 0});
            methods.add(new int[] {1, 1});
            firstStep = 2;
        }
        for (int step = firstStep; step <= lastStep; step += shape.stepsPerMethod())
            methods.add(new int[] {step, Math.min(lastStep, step + shape.stepsPerMethod() - 1)});
        return methods;
    }

    /** The kernel class of {@code shape}, as its file holds it. */
    String write(Shape shape) {
        List<int[]> methods = methods(shape);
        StringBuilder s = new StringBuilder(Generated.header(shape.name()));
        s.append("package dev.nanowork.kernel")
                .append(shape.scalar() ? "" : ".vector")
                .append(";\n\n");
        if (!shape.scalar()) imports(shape, s);
        classComment(shape, methods.size(), s);
        s.append(shape.scalar() ? "public final class " : "final class ")
                .append(shape.className())
                .append(" extends BlockKernel {\n");
        if (!shape.scalar()) {
            s.append("    private static final VectorSpecies<Long> SPECIES = LongVector.SPECIES_")
                    .append(shape.bits())
                    .append(";\n");
            s.append("    private static final int LANES = ")
                    .append(shape.lanes())
                    .append(";\n");
            s.append("    /** 0, 1, 2, ... : lane i hashes nonce base + i. */\n");
            s.append("    private static final LongVector LANE_INDEX = LongVector.zero(SPECIES).addIndex(1);\n\n");
            Rotates.constants(shape, s);
        }
        s.append("    public ").append(shape.className()).append("() {\n");
        s.append("        super(\"")
                .append(shape.name())
                .append("\", ")
                .append(shape.lanes())
                .append(", ");
        s.append(shape.states())
                .append(", ")
                .append(shape.scalar() ? "1" : "LANES")
                .append(");\n    }\n\n");
        if (shape.loop()) LoopWriter.setUp(shape, leaves, s);
        s.append("    @Override\n");
        s.append("    protected boolean hash(long[] k, long[] state, long base, long threshold, long[] values) {\n");
        for (int i = 0; i < methods.size(); i++) {
            boolean last = i == methods.size() - 1;
            s.append("        ").append(last ? "return " : "").append(methodName(shape, methods.get(i)[0]));
            s.append("(k, state").append(i == 0 ? ", base" : "").append(last ? ", threshold, values" : "");
            s.append(");\n");
        }
        s.append("    }\n");
        for (int i = 0; i < methods.size(); i++) method(shape, methods.get(i), i == 0, i == methods.size() - 1, s);
        s.append("}\n// spotless:on\n");
        return s.toString();
    }

    private static void imports(Shape shape, StringBuilder s) {
        s.append("import static jdk.incubator.vector.VectorOperators.ADD;\n");
        s.append("import static jdk.incubator.vector.VectorOperators.GE;\n");
        Rotates.imports(shape, s, true);
        s.append("import static jdk.incubator.vector.VectorOperators.ROR;\n");
        s.append("import static jdk.incubator.vector.VectorOperators.XOR;\n\n");
        s.append("import dev.nanowork.kernel.BlockKernel;\n");
        Rotates.imports(shape, s, false);
        s.append("import jdk.incubator.vector.LongVector;\n");
        if (shape.loops() > 1) s.append("import jdk.incubator.vector.VectorOperators;\n");
        if (shape.shuffled().stream().anyMatch(r -> r != 63)) s.append("import jdk.incubator.vector.VectorShuffle;\n");
        s.append("import jdk.incubator.vector.VectorSpecies;\n\n");
    }

    private static void classComment(Shape shape, int methods, StringBuilder s) {
        s.append("/**\n * The {@code ").append(shape.name()).append("} kernel: ");
        s.append(
                shape.scalar()
                        ? "plain Java, " + (shape.states() == 1 ? "one nonce" : shape.states() + " nonces")
                                + " per block"
                        : shape.bits() + "-bit {@code LongVector}s, one nonce per lane, " + shape.states()
                                + (shape.states() == 1 ? " state" : " interleaved states"));
        s.append("; ").append(shape.why()).append(".\n");
        if (shape.flat()) {
            s.append(" * One method, every round written out with no zero message word, the state words in locals.\n");
        } else if (shape.loop() && shape.loops() > 1) {
            s.append(" * One method: round 0 (per-root constants, each loaded once), rounds 1 to 10 as ")
                    .append(shape.loops())
                    .append(" loops over the\n");
            s.append("""
                     * message schedule kept in {@code state}, each adding the message places non-zero in one of its
                     * rounds (other zero words included), then round 11 as far as the work value needs it; the state
                     * words stay in locals.
                    """);
        } else if (shape.loop()) {
            s.append("""
                     * One method: round 0 (per-root constants, each loaded once), rounds 1 to 10 as a loop over the
                     * message schedule kept in {@code state} (zero words included), then round 11 as far as the work
                     * value needs it; the state words stay in locals.
                    """);
        } else {
            s.append(" * Rounds in ")
                    .append(methods)
                    .append(" methods of up to ")
                    .append(shape.stepsPerMethod());
            s.append(" half-rounds, the state handed over through {@code state}");
            s.append(
                    shape.keptFromC1()
                            ? "; no zero message word is\n * added, and the step methods are kept from C1"
                                    + " ({@code C1Exclusion}).\n"
                            : ".\n");
        }
        s.append(" */\n");
    }

    /** One method: half-rounds {@code span[0]} to {@code span[1]}, the nonce set up if first, the work value if last. */
    private void method(Shape shape, int[] span, boolean first, boolean last, StringBuilder s) {
        int from = span[0], to = span[1];
        MethodWriter w = new MethodWriter(shape, leaves);
        String what = shape.flat()
                ? "Rounds 0 to 11 written out, round 11 trimmed"
                : shape.loop()
                        ? "Round 0, rounds 1 to 10 as " + (shape.loops() > 1 ? shape.loops() + " loops" : "a loop")
                                + ", round 11 trimmed"
                        : describeSteps(from, to);
        s.append("\n    /** ").append(what).append(". */\n");
        // Both states' compares, then one branch: the non-short-circuit | is meant (Error Prone checks this code).
        if (last && shape.scalar() && shape.states() > 1) s.append("    @SuppressWarnings(\"ShortCircuitBoolean\")\n");
        s.append("    private static ").append(last ? "boolean " : "void ").append(methodName(shape, from));
        s.append("(long[] k, long[] state").append(first ? ", long base" : "");
        s.append(last ? ", long threshold, long[] values" : "").append(") {\n");
        if (first && shape.operatorsInLocals()) {
            w.line("// The operators in locals: an aload is a byte shorter than a getstatic, which keeps this method");
            w.line("// within the 8,000 bytecodes C2 compiles.");
            w.line("VectorOperators.Associative add = ADD, xor = XOR;");
            w.line("VectorOperators.Binary ror = ROR;");
        }
        if (first) {
            for (int st = 0; st < shape.states(); st++) {
                String n = w.nonceVar(st);
                w.declared.add(n);
                String offset = st == 0 ? "base" : "base + " + st + (shape.scalar() ? "" : " * LANES");
                w.line(w.type() + ' ' + n + " = " + (shape.scalar() ? offset : "LANE_INDEX.add(" + offset + ")") + ";");
                if (rounds.lastNonceUse() > to) w.line(w.store(16, st, n) + ";");
            }
        }
        Map<Stmt, Integer> lastUse = rounds.lastUses();
        for (int step = from; step <= to; step++) {
            if (shape.loop() && step == 2) { // rounds 1 to 10
                LoopWriter.body(shape, w);
                step = 21;
                continue;
            }
            w.line("// round " + step / 2 + (step % 2 == 0 ? ", columns" : ", diagonals"));
            List<Stmt> inStep = rounds.liveIn(step);
            int gBase = (step % 2) * 4;
            for (int group = 0; group < 4; group += shape.gPerGroup()) {
                for (int pos = 0; pos < 8; pos++) {
                    for (int g = gBase + group; g < gBase + group + shape.gPerGroup(); g++) {
                        for (Stmt st : inStep) {
                            if (st.g != g || st.pos != pos) continue;
                            for (int state = 0; state < shape.states(); state++) {
                                w.statement(st, state);
                                // Hand over the word's last value in this method if a later method reads it.
                                Integer use = lastUse.get(st);
                                if (use != null && use > to && rounds.isLastDefBefore(st, to))
                                    w.line(w.store(st.word, state, w.var(st.word, state)) + ";");
                            }
                        }
                    }
                }
            }
        }
        if (last) w.finish(((Ref) rounds.finalV[0]).stmt(), ((Ref) rounds.finalV[8]).stmt());
        s.append(w.out).append("    }\n");
    }

    private static String describeSteps(int from, int to) {
        if (from / 2 == to / 2)
            return from == to
                    ? "Round " + from / 2 + (from % 2 == 0 ? " (columns)" : " (diagonals)")
                    : "Round " + from / 2;
        return "Round " + from / 2 + (from % 2 == 0 ? "" : " (diagonals)") + " to round " + to / 2
                + (to % 2 == 0 ? " (columns)" : "");
    }
}
