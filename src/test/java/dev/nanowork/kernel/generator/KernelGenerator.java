package dev.nanowork.kernel.generator;

import static dev.nanowork.work.WorkValue.H0;
import static dev.nanowork.work.WorkValue.SIGMA;

import dev.nanowork.work.WorkValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writes every work kernel's round code: {@code RootConstants} (the per-root part of round 0), the scalar
 * kernels and the {@code LongVector} kernels of each width and state count. Nothing of the round code is
 * typed by hand; it all follows from BLAKE2b's {@link WorkValue#SIGMA}, the reference's initial state and
 * Nano's message shape.
 *
 * <p>How: the 12 rounds are run symbolically on one state. Every value is a compile-time constant, a per-root
 * value (it depends on the root words m1..m4 only) or a per-nonce value (it depends on m0, the nonce).
 * Constants are folded here, {@code x + 0} and {@code x ^ 0} vanish (so the zero message words m5..m15 are
 * never loaded or added in any round), per-root values become {@code RootConstants} computed once per root,
 * and only per-nonce statements are written out. Statements that do not feed the work value
 * {@code h0 ^ v0 ^ v8} are dropped (most of round 11). The surviving statements are split into methods of a
 * few half-rounds each, handing the state over through a small array, because C2 compiles a huge method
 * badly (calls that are not inlined box every vector) and C1 gives up on big ones; see docs/kernels.md.
 *
 * <p>Run {@code java -cp target/classes src/test/java/dev/nanowork/kernel/generator/KernelGenerator.java}
 * from the project directory after a build (it reads the reference {@link WorkValue}) to rewrite the files; {@code GeneratedKernelsTest} fails when they differ from its output.
 */
public final class KernelGenerator {
    /** The words each G of a round mixes: four columns, then four diagonals. */
    static final int[][] G = {
        {0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
        {0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14},
    };

    static final String HEADER_TOOL = "src/test/java/dev/nanowork/kernel/generator/KernelGenerator.java";

    // ---------------------------------------------------------------------------------------------------------
    // The symbolic run

    enum Op {
        ADD,
        XOR,
        ROR
    }

    /** A value of the run: a constant, a per-root value, the nonce, or a per-nonce expression. */
    sealed interface Val permits Const, RootVal, Nonce, Node, Ref {}

    record Const(long value) implements Val {}

    /** A per-root value: a root word ({@code op == null}, {@code word} 1..4) or an operation on others. */
    record RootVal(int id, Op op, Val x, Val y, int r, int word, String what) implements Val {}

    record Nonce() implements Val {}

    /** An operation inside one statement's expression. */
    record Node(Op op, Val x, Val y, int r) implements Val {}

    /** The value a statement assigned (read back through its state word's variable). */
    record Ref(Stmt stmt) implements Val {}

    /** One written-out statement: state word {@code word} of step {@code step} gets {@code expr}. */
    static final class Stmt {
        final int word, step, g, pos;
        final Val expr;
        boolean live;

        Stmt(int word, int step, int g, int pos, Val expr) {
            this.word = word;
            this.step = step;
            this.g = g;
            this.pos = pos;
            this.expr = expr;
        }
    }

    final List<RootVal> rootVals = new ArrayList<>();
    final List<Stmt> stmts = new ArrayList<>();
    final Val[] finalV = new Val[16];

    static boolean perNonce(Val v) {
        return v instanceof Nonce || v instanceof Node || v instanceof Ref;
    }

    Val op(Op op, Val x, Val y, int r, String what) {
        if (op == Op.ROR) {
            if (x instanceof Const c) return new Const(Long.rotateRight(c.value(), r));
            if (x instanceof RootVal) return root(op, x, null, r, what);
            return new Node(op, x, null, r);
        }
        if (x instanceof Const c && y instanceof Const d) {
            return new Const(op == Op.ADD ? c.value() + d.value() : c.value() ^ d.value());
        }
        if (y instanceof Const c && c.value() == 0) return x; // x + 0, x ^ 0: a zero message word
        if (x instanceof Const c && c.value() == 0) return y;
        if (!perNonce(x) && !perNonce(y)) return root(op, x, y, 0, what);
        if (!perNonce(x)) return op(op, y, x, r, what); // the per-nonce side first
        // (z + k1) + k2 = z + (k1 + k2): one addition of a per-root sum instead of two
        if (op == Op.ADD && !perNonce(y) && x instanceof Node n && n.op() == Op.ADD && !perNonce(n.y())) {
            return new Node(Op.ADD, n.x(), op(Op.ADD, n.y(), y, 0, what), 0);
        }
        return new Node(op, x, y, 0);
    }

    Val root(Op op, Val x, Val y, int r, String what) {
        RootVal v = new RootVal(rootVals.size(), op, x, y, r, 0, what);
        rootVals.add(v);
        return v;
    }

    /** Runs the 12 rounds on one state, recording per-nonce statements and per-root values. */
    void run() {
        Val[] v = new Val[16];
        long[] init = WorkValue.initialState();
        for (int i = 0; i < 16; i++) v[i] = new Const(init[i]);
        Val[] m = new Val[16];
        m[0] = new Nonce();
        for (int i = 1; i <= 4; i++) {
            RootVal w = new RootVal(rootVals.size(), null, null, null, 0, i, "m" + i + ", root word " + (i - 1));
            rootVals.add(w);
            m[i] = w;
        }
        for (int i = 5; i < 16; i++) m[i] = new Const(0);
        for (int round = 0; round < 12; round++) {
            for (int gi = 0; gi < 8; gi++) {
                int[] w = G[gi];
                int a = w[0], b = w[1], c = w[2], d = w[3];
                int step = round * 2 + gi / 4;
                String at = "round " + round + " ";
                Val x = m[SIGMA[round][2 * gi]], y = m[SIGMA[round][2 * gi + 1]];
                v[a] = assign(a, step, gi, 0, op(Op.ADD, op(Op.ADD, v[a], v[b], 0, at + "v" + a), x, 0, at + "v" + a));
                v[d] = assign(
                        d, step, gi, 1, op(Op.ROR, op(Op.XOR, v[d], v[a], 0, at + "v" + d), null, 32, at + "v" + d));
                v[c] = assign(c, step, gi, 2, op(Op.ADD, v[c], v[d], 0, at + "v" + c));
                v[b] = assign(
                        b, step, gi, 3, op(Op.ROR, op(Op.XOR, v[b], v[c], 0, at + "v" + b), null, 24, at + "v" + b));
                v[a] = assign(a, step, gi, 4, op(Op.ADD, op(Op.ADD, v[a], v[b], 0, at + "v" + a), y, 0, at + "v" + a));
                v[d] = assign(
                        d, step, gi, 5, op(Op.ROR, op(Op.XOR, v[d], v[a], 0, at + "v" + d), null, 16, at + "v" + d));
                v[c] = assign(c, step, gi, 6, op(Op.ADD, v[c], v[d], 0, at + "v" + c));
                v[b] = assign(
                        b, step, gi, 7, op(Op.ROR, op(Op.XOR, v[b], v[c], 0, at + "v" + b), null, 63, at + "v" + b));
            }
        }
        System.arraycopy(v, 0, finalV, 0, 16);
        // Liveness: only h0 ^ v0 ^ v8 is read.
        mark(finalV[0]);
        mark(finalV[8]);
    }

    /** A per-nonce expression becomes a statement; constants and per-root values stay symbolic. */
    Val assign(int word, int step, int g, int pos, Val value) {
        if (!(value instanceof Node)) return value; // m0 always meets a sum, so the nonce alone is never assigned
        Stmt s = new Stmt(word, step, g, pos, value);
        stmts.add(s);
        return new Ref(s);
    }

    void mark(Val v) {
        if (v instanceof Ref r) {
            if (r.stmt().live) return;
            r.stmt().live = true;
            mark(r.stmt().expr);
        } else if (v instanceof Node n) {
            mark(n.x());
            if (n.y() != null) mark(n.y());
        }
    }

    /** The constants and per-root values the per-nonce statements read, in order of first use. */
    List<Val> leaves() {
        List<Val> out = new ArrayList<>();
        for (Stmt s : stmts) if (s.live) collectLeaves(s.expr, out);
        return out;
    }

    private static void collectLeaves(Val v, List<Val> out) {
        if (v instanceof Node n) {
            collectLeaves(n.x(), out);
            if (n.y() != null) collectLeaves(n.y(), out);
        } else if ((v instanceof RootVal || v instanceof Const) && !out.contains(v)) {
            out.add(v);
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Writing the files

    /** {@code stepsPerMethod} of a {@link Shape#flat} shape ({@code flat} in {@code --try}). */
    static final int FLAT = -1;

    /** One kernel shape: {@code bits} 0 for scalar; states interleaved; G functions per group; steps per method. */
    record Shape(
            String name,
            String className,
            int bits,
            int states,
            int gPerGroup,
            int stepsPerMethod,
            Set<Integer> shuffled,
            String why) {
        /** A shape whose rotates are all {@code lanewise(ROR, n)}. */
        Shape(String name, String className, int bits, int states, int gPerGroup, int stepsPerMethod, String why) {
            this(name, className, bits, states, gPerGroup, stepsPerMethod, Set.of(), why);
        }

        boolean scalar() {
            return bits == 0;
        }

        /**
         * The whole block in one method ({@code stepsPerMethod} 0; vector kernels only): round 0, rounds 1 to 10 as
         * a loop over the message schedule, round 11 trimmed, the state in locals throughout.
         */
        boolean loop() {
            return stepsPerMethod == 0;
        }

        /**
         * The whole block in one method with every round written out ({@code stepsPerMethod} {@value #FLAT}; vector
         * kernels only): no zero message word anywhere, but past C2's {@code HugeMethodLimit} for two states (round 7,
         * docs/kernels.md); an experiment shape for {@code --try}.
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
         * kernels whose methods hold {@value #C1_EXCLUDED_FROM} or more half-rounds of state (half-rounds times
         * states, about 3,600 bytecodes and up). Round 7: a method of 11 half-rounds for one state (6,353 bytecodes)
         * stayed on C1's tier-2 code for good (0.3 MH/s), as the one-method kernels did before their exclusion;
         * {@code vector128x2}'s methods (2 half-rounds of 2 states) stay within C1's limit and keep its quick code.
         */
        boolean keptFromC1() {
            return oneMethod() || (!scalar() && stepsPerMethod() * states() >= C1_EXCLUDED_FROM);
        }
    }

    /** Half-rounds times states in one method from which a step kernel is kept from C1 ({@link Shape#keptFromC1}). */
    static final int C1_EXCLUDED_FROM = 6;

    /**
     * The shapes shipped, as measured on a Zen 5 (docs/kernels.md, round 5). Vector kernels but vector128x2: the
     * whole block in one method ({@code loop}): round 0 (per-root constants), rounds 1 to 10 as a loop with the
     * state words in registers, adding the schedule's zero words too, round 11 trimmed; nothing through memory.
     * At 512 bits with two states 75 MH/s against 61 for round 0, the loop and round 11 in four methods (round 3),
     * which were 57-58 against 55-56 for a method per round without zero words. The method is past C1's limit and
     * kept from C1 ({@link #methodName}). vector256x2perm: rotr 32 as an int-pair permute, faster where the JIT
     * emits AVX2-only code (21.1-22.0 against 20.2-20.9), slower with AVX-512's rotate (33.9 against 37.0). At 128
     * bits two states stay a method per two half-rounds (15.8 against 15.0-15.7 in one method). vector128x1shuf: the
     * rotates as NEON writes them (tbl, add and usra); on Neoverse N1 llvm-mca puts C2's code for it at 365 cycles per
     * hash against 533 for vector128x1 and 460 for scalarx2 (round 6, docs/kernels.md).
     */
    static final List<Shape> SHAPES = List.of(
            new Shape(
                    "scalar",
                    "ScalarKernel",
                    0,
                    1,
                    2,
                    12,
                    "one nonce at a time, G functions two at a time so that two dependency chains overlap"),
            new Shape(
                    "scalarx2",
                    "ScalarX2Kernel",
                    0,
                    2,
                    1,
                    6,
                    "two nonces interleaved statement by statement, for the integer units' parallelism"),
            new Shape(
                    "vector512x1",
                    "Vector512x1",
                    512,
                    1,
                    4,
                    0,
                    "one state, G functions four at a time (32 vector registers on AVX-512)"),
            new Shape(
                    "vector512x2",
                    "Vector512x2",
                    512,
                    2,
                    2,
                    0,
                    "two interleaved states, G functions two at a time per state: hides the latency of vector integer operations"),
            new Shape(
                    "vector256x1",
                    "Vector256x1",
                    256,
                    1,
                    2,
                    0,
                    "one state, G functions two at a time: few live values for AVX2's 16 ymm registers"),
            new Shape(
                    "vector256x2nz",
                    "Vector256x2Nz",
                    256,
                    2,
                    2,
                    3,
                    "two interleaved states with no zero message word, rounds 1 to 11 in methods of three half-rounds"),
            new Shape(
                    "vector256x1nz",
                    "Vector256x1Nz",
                    256,
                    1,
                    2,
                    6,
                    "one state with no zero message word, rounds 1 to 11 in methods of six half-rounds: each method"
                            + " within C2's limits, a fresh register allocation for AVX2's 16 ymm registers"),
            new Shape(
                    "vector256x2",
                    "Vector256x2",
                    256,
                    2,
                    2,
                    0,
                    "two interleaved states, G functions two at a time per state"),
            new Shape(
                    "vector256x2perm",
                    "Vector256x2Perm",
                    256,
                    2,
                    2,
                    0,
                    Set.of(32),
                    "two interleaved states, rotr 32 as an int-pair permute (one vpermd where AVX2-only code has no 64-bit rotate)"),
            new Shape(
                    "vector128x1shuf",
                    "Vector128x1Shuf",
                    128,
                    1,
                    2,
                    0,
                    Set.of(32, 24, 16, 63),
                    "one state, rotr 32, 24 and 16 as byte shuffles (one NEON tbl each), rotr 63 as x + x plus x >>> 63"
                            + " (add and usra): the shape of hand-written NEON BLAKE2b"),
            new Shape("vector128x1", "Vector128x1", 128, 1, 2, 0, "one state, G functions two at a time"),
            new Shape(
                    "vector128x2",
                    "Vector128x2",
                    128,
                    2,
                    2,
                    2,
                    "two interleaved states, G functions two at a time per state"));

    /** Every generated file, by path relative to the project directory. */
    public static Map<String, String> files() {
        KernelGenerator gen = new KernelGenerator();
        gen.run();
        Map<String, String> files = new LinkedHashMap<>();
        List<Val> leaves = gen.leaves();
        files.put("src/main/java/dev/nanowork/kernel/RootConstants.java", gen.rootConstants(leaves));
        for (Shape shape : SHAPES) {
            String dir =
                    shape.scalar() ? "src/main/java/dev/nanowork/kernel/" : "src/main/java/dev/nanowork/kernel/vector/";
            files.put(dir + shape.className() + ".java", gen.kernel(shape, leaves));
        }
        return files;
    }

    /**
     * Writes the files under the project directory {@code args[0]} (default: the current one). With
     * {@code --try <dir> <name>:<bits>:<states>:<G per group>:<half-rounds per method> ...} it writes kernels of
     * other shapes to {@code <dir>} instead, to time them ({@code KernelRate} takes a class name). An optional
     * sixth field {@code shuf=32.24.16} (any of them) writes those rotates as shuffles ({@link #ror};
     * round 4 experiment, docs/kernels.md).
     */
    public static void main(String[] args) throws IOException {
        if (args.length > 1 && args[0].equals("--try")) {
            KernelGenerator gen = new KernelGenerator();
            gen.run();
            for (int i = 2; i < args.length; i++) {
                String[] f = args[i].split(":");
                int bits = Integer.parseInt(f[1]);
                // Optional sixth field (round 4): rotates written as shuffles, e.g. "shuf=32.24.16".
                Set<Integer> shuffled = new HashSet<>();
                if (f.length > 5 && f[5].startsWith("shuf="))
                    for (String r : f[5].substring(5).split("\\.")) shuffled.add(Integer.parseInt(r));
                Shape shape = new Shape(
                        f[0],
                        f[0].substring(0, 1).toUpperCase(Locale.ROOT) + f[0].substring(1),
                        bits,
                        Integer.parseInt(f[2]),
                        Integer.parseInt(f[3]),
                        f[4].equals("loop") ? 0 : f[4].equals("flat") ? FLAT : Integer.parseInt(f[4]),
                        shuffled,
                        "a shape being tried");
                Path path = Path.of(
                        args[1],
                        (bits == 0 ? "dev/nanowork/kernel/" : "dev/nanowork/kernel/vector/") + shape.className()
                                + ".java");
                Files.createDirectories(path.getParent());
                Files.writeString(
                        path,
                        gen.kernel(shape, gen.leaves()).replace("\nfinal class", "\npublic final class"),
                        StandardCharsets.UTF_8);
            }
            return;
        }
        Path base = Path.of(args.length > 0 ? args[0] : ".");
        for (Map.Entry<String, String> f : files().entrySet()) {
            Path path = base.resolve(f.getKey());
            Files.writeString(path, f.getValue(), StandardCharsets.UTF_8);
            System.out.println("wrote " + path);
        }
    }

    static String header(String what) {
        return "// GENERATED by " + HEADER_TOOL + " (" + what + "); do not edit.\n"
                + "// Regenerate: java -cp target/classes " + HEADER_TOOL + "\n"
                + "// spotless:off\n";
    }

    static String hex(long v) {
        return String.format(Locale.ROOT, "0x%016xL", v);
    }

    String rootConstants(List<Val> leaves) {
        StringBuilder s = new StringBuilder(header("round 0, per root"));
        s.append("package dev.nanowork.kernel;\n\n");
        s.append("import dev.nanowork.work.Root;\n\n");
        s.append("/**\n");
        s.append(" * The values the kernels add or XOR in that do not depend on the nonce, computed once per root: the root\n");
        s.append(" * words m1..m4 and the parts of round 0 (and of round 1 where they reach) that only root words and\n");
        s.append(" * constants feed. Index {@code i} of {@link #of} is the kernels' {@code k[i]}.\n");
        s.append(" */\n");
        s.append("public final class RootConstants {\n");
        s.append("    /** How many values {@link #of} returns. */\n");
        s.append("    public static final int LENGTH = ").append(leaves.size()).append(";\n\n");
        s.append("    private RootConstants() {}\n\n");
        s.append("    /** The constants for {@code root}. */\n");
        s.append("    public static long[] of(Root root) {\n");
        s.append("        long m1 = root.word(0), m2 = root.word(1), m3 = root.word(2), m4 = root.word(3);\n");
        // The per-root operations the leaves need, in order.
        Set<Integer> needed = new HashSet<>();
        for (Val leaf : leaves) if (leaf instanceof RootVal r) need(r, needed);
        for (RootVal r : rootVals) {
            if (!needed.contains(r.id()) || r.op() == null) continue;
            s.append("        long r").append(r.id()).append(" = ").append(scalarRoot(r)).append("; // ").append(r.what()).append('\n');
        }
        s.append("        return new long[] {\n");
        for (int i = 0; i < leaves.size(); i++) {
            Val leaf = leaves.get(i);
            s.append("            ").append(leaf instanceof Const c ? hex(c.value()) : rootName((RootVal) leaf)).append(", // k[")
                    .append(i).append("]: ").append(leaf instanceof RootVal r ? r.what() : "constant").append('\n');
        }
        s.append("        };\n    }\n}\n// spotless:on\n");
        return s.toString();
    }

    private void need(RootVal r, Set<Integer> needed) {
        if (!needed.add(r.id())) return;
        if (r.x() instanceof RootVal x) need(x, needed);
        if (r.y() instanceof RootVal y) need(y, needed);
    }

    private static String rootName(RootVal r) {
        return r.op() == null ? "m" + r.word() : "r" + r.id();
    }

    private static String rootOperand(Val v) {
        return v instanceof Const c ? hex(c.value()) : rootName((RootVal) v);
    }

    private static String scalarRoot(RootVal r) {
        return switch (r.op()) {
            case ADD -> rootOperand(r.x()) + " + " + rootOperand(r.y());
            case XOR -> rootOperand(r.x()) + " ^ " + rootOperand(r.y());
            case ROR -> "Long.rotateRight(" + rootOperand(r.x()) + ", " + r.r() + ")";
        };
    }

    /** Per-method emission state. */
    final class Writer {
        final Shape shape;
        final List<Val> leaves;
        final StringBuilder out = new StringBuilder();
        final Set<String> declared = new HashSet<>();

        Writer(Shape shape, List<Val> leaves) {
            this.shape = shape;
            this.leaves = leaves;
        }

        String type() {
            return shape.scalar() ? "long" : "LongVector";
        }

        String var(int word, int state) {
            return (shape.states() == 1 ? "v" : state == 0 ? "a" : "b") + word;
        }

        String nonceVar(int state) {
            return shape.states() == 1 ? "nonce" : state == 0 ? "nonceA" : "nonceB";
        }

        /** Index of word {@code word} (16 = the nonce) of state {@code state} in the hand-over array. */
        String slot(int word, int state) {
            int i = state * 17 + word;
            return shape.scalar() ? Integer.toString(i) : i + " * LANES";
        }

        String load(int word, int state) {
            return shape.scalar()
                    ? "state[" + slot(word, state) + "]"
                    : "LongVector.fromArray(SPECIES, state, " + slot(word, state) + ")";
        }

        String leaf(Val v) {
            int i = leaves.indexOf(v);
            if (shape.scalar()) return v instanceof Const c ? hex(c.value()) : "k[" + i + "]";
            if (shape.oneMethod()) return "k" + i;
            return "LongVector.fromArray(SPECIES, k, " + i + " * LANES)";
        }

        /** Loop kernels load each per-root constant once a method, into {@code k<i>}, shared by the states. */
        void ensureLeaf(Val v) {
            int i = leaves.indexOf(v);
            if (shape.oneMethod() && declared.add("k" + i))
                out.append("        LongVector k")
                        .append(i)
                        .append(" = LongVector.fromArray(SPECIES, k, ")
                        .append(i)
                        .append(" * LANES);\n");
        }

        /** Declares the variable of {@code word} from the hand-over array if this method has not yet. */
        void ensure(int word, int state) {
            String v = word == 16 ? nonceVar(state) : var(word, state);
            if (declared.add(v))
                out.append("        ")
                        .append(type())
                        .append(' ')
                        .append(v)
                        .append(" = ")
                        .append(load(word, state))
                        .append(";\n");
        }

        void ensureInputs(Val v, int state) {
            if (v instanceof Ref r) ensure(r.stmt().word, state);
            else if (v instanceof Nonce) ensure(16, state);
            else if (v instanceof Const || v instanceof RootVal) ensureLeaf(v);
            else if (v instanceof Node n) {
                ensureInputs(n.x(), state);
                if (n.y() != null) ensureInputs(n.y(), state);
            }
        }

        String expr(Val v, int state) {
            if (v instanceof Ref r) return var(r.stmt().word, state);
            if (v instanceof Nonce) return nonceVar(state);
            if (v instanceof Const || v instanceof RootVal) return leaf(v);
            Node n = (Node) v;
            String x = expr(n.x(), state);
            if (shape.scalar()) {
                String y = n.y() == null ? "" : expr(n.y(), state);
                if (n.op() != Op.ROR && n.x() instanceof Node c && c.op() != n.op() && c.op() != Op.ROR)
                    x = "(" + x + ")";
                if (n.y() instanceof Node c && c.op() != Op.ROR) y = "(" + y + ")";
                return switch (n.op()) {
                    case ADD -> x + " + " + y;
                    case XOR -> x + " ^ " + y;
                    case ROR -> "Long.rotateRight(" + x + ", " + n.r() + ")";
                };
            }
            return switch (n.op()) {
                // lanewise(ADD, y), not add(y): add's own call of lanewise is virtual, and when its profile was
                // missing C2 left it so in the loop kernels' one method (1 MH/s) in about one JVM of ten (round 5).
                case ADD -> x + ".lanewise(ADD, " + expr(n.y(), state) + ")";
                case XOR -> x + ".lanewise(XOR, " + expr(n.y(), state) + ")";
                case ROR -> ror(shape, x, n.r());
            };
        }

        void statement(Stmt st, int state) {
            ensureInputs(st.expr, state);
            String v = var(st.word, state);
            String e = expr(st.expr, state);
            out.append("        ")
                    .append(declared.add(v) ? type() + " " : "")
                    .append(v)
                    .append(" = ")
                    .append(e)
                    .append(";\n");
        }
    }

    String kernel(Shape shape, List<Val> leaves) {
        boolean scalar = shape.scalar();
        int lastStep = 0;
        for (Stmt st : stmts) if (st.live) lastStep = Math.max(lastStep, st.step);
        // Methods: consecutive steps (half-rounds), stepsPerMethod each.
        // Round 0 reads most of the per-root constants: in the vector kernels its two halves are methods of their
        // own, as C1 runs out of virtual registers on a method with that many constant loads (and a method C1
        // gives up on was measured to stay on slow tier-2 code for good).
        List<int[]> methods = new ArrayList<>();
        int firstStep = 0;
        if (shape.oneMethod()) {
            // One method: no state word goes through memory between rounds 0, 1-10 and 11 (round 5: 1.25x at 512
            // bits with two states against four methods). Its per-root constants are loaded once and shared by the
            // states (Writer.ensureLeaf: fewer loads, 70-75 MH/s against 66-72 in short runs). Additions are
            // lanewise(ADD, y) (see expr). C1 is kept from it (ROUNDS).
            methods.add(new int[] {0, lastStep});
        } else {
            if (!scalar) {
                methods.add(new int[] {0, 0});
                methods.add(new int[] {1, 1});
                firstStep = 2;
            }
            for (int step = firstStep; step <= lastStep; step += shape.stepsPerMethod()) {
                methods.add(new int[] {step, Math.min(lastStep, step + shape.stepsPerMethod() - 1)});
            }
        }
        // Which statement's value each later method reads: the last definition of a word before that method.
        Map<Stmt, Integer> lastUse = new HashMap<>();
        for (Stmt st : stmts) if (st.live) recordUses(st.expr, st.step, lastUse);
        int[] nonceUse = {-1};
        for (Stmt st : stmts) if (st.live && usesNonce(st.expr)) nonceUse[0] = Math.max(nonceUse[0], st.step);

        StringBuilder s = new StringBuilder(header(shape.name()));
        String pkg = scalar ? "dev.nanowork.kernel" : "dev.nanowork.kernel.vector";
        s.append("package ").append(pkg).append(";\n\n");
        if (!scalar) {
            s.append("import static jdk.incubator.vector.VectorOperators.ADD;\n");
            s.append("import static jdk.incubator.vector.VectorOperators.GE;\n");
            if (shape.shuffled().contains(63)) s.append("import static jdk.incubator.vector.VectorOperators.LSHR;\n");
            s.append("import static jdk.incubator.vector.VectorOperators.ROR;\n");
            s.append("import static jdk.incubator.vector.VectorOperators.XOR;\n\n");
            s.append("import dev.nanowork.kernel.BlockKernel;\n");
            if (shape.shuffled().contains(24) || shape.shuffled().contains(16))
                s.append("import jdk.incubator.vector.ByteVector;\n");
            if (shape.shuffled().contains(32) && !byteShuffles(shape))
                s.append("import jdk.incubator.vector.IntVector;\n");
            s.append("import jdk.incubator.vector.LongVector;\n");
            if (shape.shuffled().stream().anyMatch(r -> r != 63))
                s.append("import jdk.incubator.vector.VectorShuffle;\n");
            s.append("import jdk.incubator.vector.VectorSpecies;\n\n");
        }
        int lanes = scalar ? 1 : shape.bits() / 64;
        boolean shuffles = false;
        s.append("/**\n * The {@code ").append(shape.name()).append("} kernel: ");
        s.append(
                scalar
                        ? "plain Java, " + (shape.states() == 1 ? "one nonce" : shape.states() + " nonces")
                                + " per block"
                        : shape.bits() + "-bit {@code LongVector}s, one nonce per lane, " + shape.states()
                                + (shape.states() == 1 ? " state" : " interleaved states"));
        s.append("; ").append(shape.why()).append(".\n");
        if (shape.flat()) {
            s.append(
                    " * One method, every round written out with no zero message word, the state words in locals.\n */\n");
        } else if (shape.loop()) {
            s.append(
                    " * One method: round 0 (per-root constants, each loaded once), rounds 1 to 10 as a loop over the\n"
                            + " * message schedule kept in {@code state} (zero words included), then round 11 as far as the work\n"
                            + " * value needs it; the state words stay in locals.\n */\n");
        } else {
            s.append(" * Rounds in ")
                    .append(methods.size())
                    .append(" methods of up to ")
                    .append(shape.stepsPerMethod())
                    .append(" half-rounds, the state handed over through {@code state}")
                    .append(
                            shape.keptFromC1()
                                    ? "; no zero message word is\n * added, and the step methods are kept from C1"
                                            + " ({@code C1Exclusion}).\n */\n"
                                    : ".\n */\n");
        }
        s.append(scalar ? "public final class " : "final class ")
                .append(shape.className())
                .append(" extends BlockKernel {\n");
        if (!scalar) {
            s.append("    private static final VectorSpecies<Long> SPECIES = LongVector.SPECIES_")
                    .append(shape.bits())
                    .append(";\n");
            s.append("    private static final int LANES = ").append(lanes).append(";\n");
            s.append("    /** 0, 1, 2, ... : lane i hashes nonce base + i. */\n");
            s.append("    private static final LongVector LANE_INDEX = LongVector.zero(SPECIES).addIndex(1);\n\n");
            for (int r : new int[] {32, 24, 16}) {
                if (!shape.shuffled().contains(r)) continue;
                shuffles = true;
                s.append("    /** rotr ").append(r).append(" of every long lane as a constant shuffle. */\n");
                if (r == 32 && !byteShuffles(shape)) {
                    s.append("    private static final VectorShuffle<Integer> ROR32 =\n")
                            .append("            VectorShuffle.fromOp(IntVector.SPECIES_")
                            .append(shape.bits())
                            .append(", i -> i ^ 1);\n");
                } else {
                    s.append("    private static final VectorShuffle<Byte> ROR")
                            .append(r)
                            .append(" =\n")
                            .append("            VectorShuffle.fromOp(ByteVector.SPECIES_")
                            .append(shape.bits())
                            .append(", i -> (i & ~7) | ((i + ")
                            .append(r / 8)
                            .append(") & 7));\n");
                }
            }
            if (shuffles) s.append('\n');
        }
        s.append("    public ").append(shape.className()).append("() {\n");
        s.append("        super(\"")
                .append(shape.name())
                .append("\", ")
                .append(lanes)
                .append(", ")
                .append(shape.states())
                .append(", ")
                .append(scalar ? "1" : "LANES")
                .append(");\n    }\n\n");
        if (shape.loop()) loopSetUp(shape, leaves, s);
        s.append("    @Override\n");
        s.append("    protected boolean hash(long[] k, long[] state, long base, long threshold, long[] values) {\n");
        for (int i = 0; i < methods.size(); i++) {
            String call = methodName(shape, methods.get(i)[0]) + "(k, state" + (i == 0 ? ", base" : "")
                    + (i == methods.size() - 1 ? ", threshold, values" : "") + ")";
            s.append("        ")
                    .append(i == methods.size() - 1 ? "return " : "")
                    .append(call)
                    .append(";\n");
        }
        s.append("    }\n");
        for (int i = 0; i < methods.size(); i++) {
            int from = methods.get(i)[0], to = methods.get(i)[1];
            boolean first = i == 0, last = i == methods.size() - 1;
            Writer w = new Writer(shape, leaves);
            s.append("\n    /** ")
                    .append(
                            shape.flat()
                                    ? "Rounds 0 to 11 written out, round 11 trimmed"
                                    : shape.loop()
                                            ? "Round 0, rounds 1 to 10 as a loop, round 11 trimmed"
                                            : describeSteps(from, to))
                    .append(". */\n");
            s.append("    private static ")
                    .append(last ? "boolean " : "void ")
                    .append(methodName(shape, from))
                    .append("(long[] k, long[] state")
                    .append(first ? ", long base" : "")
                    .append(last ? ", long threshold, long[] values" : "")
                    .append(") {\n");
            if (first) {
                for (int st = 0; st < shape.states(); st++) {
                    String n = w.nonceVar(st);
                    w.declared.add(n);
                    String offset = scalar
                            ? (st == 0 ? "base" : "base + " + st)
                            : (st == 0 ? "base" : "base + " + st + " * LANES");
                    w.out.append("        ")
                            .append(w.type())
                            .append(' ')
                            .append(n)
                            .append(" = ")
                            .append(scalar ? offset : "LANE_INDEX.add(" + offset + ")")
                            .append(";\n");
                    if (nonceUse[0] > to)
                        w.out.append("        ")
                                .append(store(shape, w, 16, st, n))
                                .append(";\n");
                }
            }
            for (int step = from; step <= to; step++) {
                if (shape.loop() && step == 2) { // rounds 1 to 10
                    loopBody(shape, w);
                    step = 21;
                    continue;
                }
                w.out.append("        // round ")
                        .append(step / 2)
                        .append(step % 2 == 0 ? ", columns" : ", diagonals")
                        .append('\n');
                List<Stmt> inStep = new ArrayList<>();
                for (Stmt st : stmts) if (st.live && st.step == step) inStep.add(st);
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
                                    if (use != null && use > to && isLastDefBefore(st, to)) {
                                        w.out.append("        ")
                                                .append(store(shape, w, st.word, state, w.var(st.word, state)))
                                                .append(";\n");
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if (last) finish(shape, w);
            s.append(w.out).append("    }\n");
        }
        s.append("}\n// spotless:on\n");
        return s.toString();
    }

    /**
     * The name of the method that starts at half-round {@code step}: {@code step<N>}, except the loop kernels' one
     * method, {@value #ROUNDS}, which C1 cannot compile ("out of virtual registers") and which therefore is kept
     * from C1 by name ({@code C1Exclusion}): a method C1 compiles at tier 2 but refuses at tier 3 stays on tier-2
     * code for good.
     */
    static String methodName(Shape shape, int step) {
        return shape.oneMethod() ? ROUNDS : "step" + step;
    }

    /**
     * The class names of the step kernels kept from C1 ({@link Shape#keptFromC1} but not one method): {@code C1Exclusion}
     * names their {@code step} methods, and its test holds the two lists equal.
     */
    public static List<String> stepKernelsKeptFromC1() {
        return SHAPES.stream()
                .filter(shape -> shape.keptFromC1() && !shape.oneMethod())
                .map(Shape::className)
                .toList();
    }

    /** See {@link #methodName}; {@code C1Exclusion} names it too. */
    public static final String ROUNDS = "rounds";

    /** Vectors per state of the loop kernels' message schedule: rounds 1 to 10, 16 words each. */
    static final int SCHEDULE = 10 * 16;

    /** The loop kernels' schedule table, scratch length and per-root fill. */
    private static void loopSetUp(Shape shape, List<Val> leaves, StringBuilder s) {
        int n = shape.states();
        s.append("    /** Where the message schedule starts in {@code state} (vectors). */\n");
        s.append("    private static final int MSG = 0;\n");
        s.append("    /** The message word each round 1 to 10 reads at each of its 16 places. */\n");
        s.append("    private static final byte[] SCHEDULE = {");
        for (int r = 1; r <= 10; r++) {
            s.append(r == 1 ? "\n        " : "\n        ");
            for (int i = 0; i < 16; i++) s.append(SIGMA[r][i]).append(", ");
        }
        s.append("\n    };\n");
        s.append("    /** Index in {@code k} of root word m1..m4 (entry 0 unused). */\n");
        s.append("    private static final int[] ROOT_WORD = {0");
        for (int wd = 1; wd <= 4; wd++) s.append(", ").append(rootWordLeaf(leaves, wd));
        s.append("};\n\n");
        s.append("    @Override\n    protected int scratchLength() {\n");
        s.append("        return (MSG + ")
                .append(n)
                .append(" * ")
                .append(SCHEDULE)
                .append(") * LANES;\n    }\n\n");
        s.append(
                "    /** The root words into their places in the schedule; the zero words stay 0, the nonce goes in per block. */\n");
        s.append("    @Override\n    protected void prepare(long[] k, long[] state) {\n");
        s.append("        for (int s = 0; s < ").append(n).append("; s++) {\n");
        s.append("            for (int i = 0; i < SCHEDULE.length; i++) {\n");
        s.append("                int word = SCHEDULE[i];\n");
        s.append("                if (word >= 1 && word <= 4) {\n");
        s.append("                    System.arraycopy(k, ROOT_WORD[word] * LANES, state, (MSG + s * ")
                .append(SCHEDULE)
                .append(" + i) * LANES, LANES);\n");
        s.append("                }\n            }\n        }\n    }\n\n");
    }

    private static int rootWordLeaf(List<Val> leaves, int word) {
        for (int i = 0; i < leaves.size(); i++)
            if (leaves.get(i) instanceof RootVal r && r.op() == null && r.word() == word) return i;
        throw new IllegalStateException("root word m" + word + " is not a leaf");
    }

    /** Loads every state word, puts the nonce into the schedule and writes rounds 1 to 10 as a counted loop. */
    private void loopBody(Shape shape, Writer w) {
        int n = shape.states();
        for (int st = 0; st < n; st++) {
            for (int word = 0; word < 16; word++) w.ensure(word, st);
            w.ensure(16, st);
        }
        for (int st = 0; st < n; st++) {
            for (int r = 1; r <= 10; r++) {
                for (int i = 0; i < 16; i++) {
                    if (SIGMA[r][i] != 0) continue;
                    w.out.append("        ")
                            .append(w.nonceVar(st))
                            .append(".intoArray(state, (MSG + ")
                            .append(st * SCHEDULE + (r - 1) * 16 + i)
                            .append(") * LANES);\n");
                }
            }
        }
        w.out.append("        for (int m = MSG * LANES; m < (MSG + ")
                .append(SCHEDULE)
                .append(") * LANES; m += 16 * LANES) {\n");
        for (int half = 0; half < 2; half++) {
            w.out.append("            // ")
                    .append(half == 0 ? "columns" : "diagonals")
                    .append('\n');
            for (int group = 0; group < 4; group += shape.gPerGroup()) {
                for (int pos = 0; pos < 8; pos++) {
                    for (int gi = half * 4 + group; gi < half * 4 + group + shape.gPerGroup(); gi++) {
                        int[] g = G[gi];
                        for (int st = 0; st < n; st++) {
                            String a = w.var(g[0], st), b = w.var(g[1], st), c = w.var(g[2], st), d = w.var(g[3], st);
                            String msg = "LongVector.fromArray(SPECIES, state, m + "
                                    + (st == 0 ? "" : st * SCHEDULE + " * LANES + ")
                                    + (2 * gi + (pos == 0 ? 0 : 1)) + " * LANES)";
                            String e = switch (pos) {
                                case 0, 4 -> a + " = " + a + ".lanewise(ADD, " + b + ").lanewise(ADD, " + msg + ")";
                                case 1 -> d + " = " + ror(shape, d + ".lanewise(XOR, " + a + ")", 32);
                                case 2, 6 -> c + " = " + c + ".lanewise(ADD, " + d + ")";
                                case 3 -> b + " = " + ror(shape, b + ".lanewise(XOR, " + c + ")", 24);
                                case 5 -> d + " = " + ror(shape, d + ".lanewise(XOR, " + a + ")", 16);
                                default -> b + " = " + ror(shape, b + ".lanewise(XOR, " + c + ")", 63);
                            };
                            w.out.append("            ").append(e).append(";\n");
                        }
                    }
                }
            }
        }
        w.out.append("        }\n");
    }

    /**
     * {@code x} rotated right by {@code r}: {@code lanewise(ROR, r)}, or, for an amount in the shape's
     * {@code shuffled}, a shuffle: rotr 32 as an {@code IntVector} rearrange swapping int pairs (shipped as
     * {@code vector256x2perm}: one {@code vpermd} where AVX2-only code has no 64-bit rotate), rotr 24 and 16 as a
     * {@code ByteVector} rearrange (round 4: slower), reinterpreted back.
     */
    static String ror(Shape shape, String x, int r) {
        if (!shape.shuffled().contains(r)) return x + ".lanewise(ROR, " + r + ")";
        // rotr 63 = rotl 1 = (x + x) + (x >>> 63), the two never overlap: NEON's add and usra (shift right and
        // accumulate) against ushr, shl and orr. x is written twice; C2 computes it once (one node).
        if (r == 63) return x + ".lanewise(ADD, " + x + ").lanewise(ADD, " + x + ".lanewise(LSHR, 63))";
        return r == 32 && !byteShuffles(shape)
                ? x + ".reinterpretAsInts().rearrange(ROR32).reinterpretAsLongs()"
                : x + ".reinterpretAsBytes().rearrange(ROR" + r + ").reinterpretAsLongs()";
    }

    /**
     * Whether rotr 32 is a byte shuffle too: when 24 or 16 are, all three are one byte-table lookup each (NEON's
     * {@code tbl}, with its index vector loaded once). Alone it stays an int-pair permute ({@code vpermd}); on aarch64
     * C2 turns an int shuffle into byte indices again at every use (movi, mul, dup, add before the {@code tbl}).
     */
    static boolean byteShuffles(Shape shape) {
        return shape.shuffled().contains(24) || shape.shuffled().contains(16);
    }

    private static String store(Shape shape, Writer w, int word, int state, String var) {
        return shape.scalar()
                ? "state[" + w.slot(word, state) + "] = " + var
                : var + ".intoArray(state, " + w.slot(word, state) + ")";
    }

    /** The work value h0 ^ v0 ^ v8, compared unsigned with the threshold. */
    private void finish(Shape shape, Writer w) {
        Stmt v0 = ((Ref) finalV[0]).stmt(), v8 = ((Ref) finalV[8]).stmt();
        int n = shape.states();
        if (shape.scalar()) {
            StringBuilder any = new StringBuilder();
            for (int st = 0; st < n; st++) {
                w.out.append("        long value")
                        .append(st)
                        .append(" = ")
                        .append(w.var(v0.word, st))
                        .append(" ^ ")
                        .append(w.var(v8.word, st))
                        .append(" ^ ")
                        .append(hex(H0))
                        .append("; // h0 ^ v0 ^ v8\n");
                any.append(st == 0 ? "" : " | ")
                        .append("Long.compareUnsigned(value")
                        .append(st)
                        .append(", threshold) >= 0");
            }
            w.out.append("        if (").append(any).append(") {\n");
            for (int st = 0; st < n; st++)
                w.out.append("            values[")
                        .append(st)
                        .append("] = value")
                        .append(st)
                        .append(";\n");
            w.out.append("            return true;\n        }\n        return false;\n");
            return;
        }
        w.out.append(
                "        // The work value h0 ^ v0 ^ v8 compared unsigned: signed, with the sign bit of both sides flipped (JDK 21\n");
        w.out.append("        // and 25 name the unsigned operator differently), the flip folded into h0.\n");
        w.out.append("        long biasedThreshold = threshold ^ Long.MIN_VALUE;\n");
        StringBuilder any = new StringBuilder();
        for (int st = 0; st < n; st++) {
            w.out.append("        LongVector biased")
                    .append(st)
                    .append(" = ")
                    .append(w.var(v0.word, st))
                    .append(".lanewise(XOR, ")
                    .append(w.var(v8.word, st))
                    .append(").lanewise(XOR, ")
                    .append(hex(H0 ^ Long.MIN_VALUE))
                    .append(");\n");
            any.append(st == 0 ? "" : ".or(")
                    .append("biased")
                    .append(st)
                    .append(".compare(GE, biasedThreshold)")
                    .append(st == 0 ? "" : ")");
        }
        w.out.append("        if (").append(any).append(".anyTrue()) {\n");
        for (int st = 0; st < n; st++) {
            w.out.append("            biased")
                    .append(st)
                    .append(".lanewise(XOR, Long.MIN_VALUE).intoArray(values, ")
                    .append(st == 0 ? "0" : st + " * LANES")
                    .append(");\n");
        }
        w.out.append("            return true;\n        }\n        return false;\n");
    }

    private static String describeSteps(int from, int to) {
        String a = "Round " + from / 2 + (from % 2 == 0 ? "" : " (diagonals)");
        if (from / 2 == to / 2)
            return from == to
                    ? "Round " + from / 2 + (from % 2 == 0 ? " (columns)" : " (diagonals)")
                    : "Round " + from / 2;
        return a + " to round " + to / 2 + (to % 2 == 0 ? " (columns)" : "");
    }

    /** True when no later live statement of a step {@code <= to} assigns the same word. */
    private boolean isLastDefBefore(Stmt st, int to) {
        boolean after = false;
        for (Stmt o : stmts) {
            if (o == st) {
                after = true;
                continue;
            }
            if (after && o.live && o.word == st.word && o.step <= to) return false;
        }
        return true;
    }

    private static void recordUses(Val v, int step, Map<Stmt, Integer> lastUse) {
        if (v instanceof Ref r) lastUse.merge(r.stmt(), step, Math::max);
        else if (v instanceof Node n) {
            recordUses(n.x(), step, lastUse);
            if (n.y() != null) recordUses(n.y(), step, lastUse);
        }
    }

    private static boolean usesNonce(Val v) {
        if (v instanceof Nonce) return true;
        return v instanceof Node n && (usesNonce(n.x()) || (n.y() != null && usesNonce(n.y())));
    }
}
