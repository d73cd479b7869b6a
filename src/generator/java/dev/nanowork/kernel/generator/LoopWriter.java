package dev.nanowork.kernel.generator;

import static dev.nanowork.work.WorkValue.SIGMA;

import dev.nanowork.kernel.generator.Val.RootVal;
import java.util.List;

/**
 * What the loop shapes ({@link Shape#loop}) add to a kernel: the message schedule of rounds 1 to 10 in the
 * per-thread {@code state} array (the root words put there once per {@code search} call, the nonce per block), and
 * those rounds as a counted loop over it with the state words in locals. The loop adds the schedule's zero words
 * (11 of 16 a round): measured faster than rounds written out without them (docs/kernels.md, rounds 3 and 5).
 */
final class LoopWriter {
    /** Vectors per state of the message schedule: rounds 1 to 10, 16 words each. */
    static final int SCHEDULE = 10 * 16;

    private LoopWriter() {}

    /** The schedule table, the scratch length and the per-root fill. */
    static void setUp(Shape shape, List<Val> leaves, StringBuilder s) {
        int n = shape.states();
        s.append("    /** Where the message schedule starts in {@code state} (vectors). */\n");
        s.append("    private static final int MSG = 0;\n");
        s.append("    /** The message word each round 1 to 10 reads at each of its 16 places. */\n");
        s.append("    private static final byte[] SCHEDULE = {");
        for (int r = 1; r <= 10; r++) {
            s.append("\n        ");
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
                "    /** The root words into their places in the schedule; the zero words stay 0, the nonce goes in per"
                        + " block. */\n");
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
    static void body(Shape shape, MethodWriter w) {
        int n = shape.states();
        for (int st = 0; st < n; st++) {
            for (int word = 0; word < 16; word++) w.ensure(word, st);
            w.ensure(16, st);
        }
        for (int st = 0; st < n; st++) {
            for (int r = 1; r <= 10; r++) {
                for (int i = 0; i < 16; i++) {
                    if (SIGMA[r][i] != 0) continue;
                    w.line(w.nonceVar(st) + ".intoArray(state, (MSG + " + (st * SCHEDULE + (r - 1) * 16 + i)
                            + ") * LANES);");
                }
            }
        }
        w.line("for (int m = MSG * LANES; m < (MSG + " + SCHEDULE + ") * LANES; m += 16 * LANES) {");
        for (int half = 0; half < 2; half++) {
            w.line("    // " + (half == 0 ? "columns" : "diagonals"));
            for (int group = 0; group < 4; group += shape.gPerGroup()) {
                for (int pos = 0; pos < 8; pos++) {
                    for (int gi = half * 4 + group; gi < half * 4 + group + shape.gPerGroup(); gi++) {
                        for (int st = 0; st < n; st++) w.line("    " + mix(shape, w, gi, pos, st) + ";");
                    }
                }
            }
        }
        w.line("}");
    }

    /** Statement {@code pos} of G function {@code gi} for state {@code st}, its message word read from the schedule. */
    private static String mix(Shape shape, MethodWriter w, int gi, int pos, int st) {
        int[] g = SymbolicRounds.G[gi];
        String a = w.var(g[0], st), b = w.var(g[1], st), c = w.var(g[2], st), d = w.var(g[3], st);
        String msg = "LongVector.fromArray(SPECIES, state, m + " + (st == 0 ? "" : st * SCHEDULE + " * LANES + ")
                + (2 * gi + (pos == 0 ? 0 : 1)) + " * LANES)";
        return switch (pos) {
            // (a + m) + b, not (a + b) + m: a is ready long before b, so the message word's add leaves the chain of
            // dependent operations (12 a G, not 14), which sets the pace where a vector add takes 2 cycles (Zen 5).
            case 0, 4 -> a + " = " + a + ".lanewise(ADD, " + msg + ").lanewise(ADD, " + b + ")";
            case 1 -> d + " = " + Rotates.ror(shape, d + ".lanewise(XOR, " + a + ")", 32);
            case 2, 6 -> c + " = " + c + ".lanewise(ADD, " + d + ")";
            case 3 -> b + " = " + Rotates.ror(shape, b + ".lanewise(XOR, " + c + ")", 24);
            case 5 -> d + " = " + Rotates.ror(shape, d + ".lanewise(XOR, " + a + ")", 16);
            default -> b + " = " + Rotates.ror(shape, b + ".lanewise(XOR, " + c + ")", 63);
        };
    }
}
