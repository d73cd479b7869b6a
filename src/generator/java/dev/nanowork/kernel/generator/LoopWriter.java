package dev.nanowork.kernel.generator;

import static dev.nanowork.work.WorkValue.SIGMA;

import dev.nanowork.kernel.generator.Val.RootVal;
import java.util.ArrayList;
import java.util.List;

/**
 * What the loop shapes ({@link Shape#loop}) add to a kernel: the message schedule of rounds 1 to 10 in the
 * per-thread {@code state} array (the root words put there once per {@code search} call, the nonce per block), and
 * those rounds as counted loops over it with the state words in locals. One loop adds the schedule's zero words (11
 * of 16 a round): measured faster than rounds written out without them (docs/kernels.md, rounds 3 and 5). A shape
 * split into several loops ({@link Shape#loops}) gives each the places non-zero in one of its rounds only, and the
 * schedule holds those places only.
 */
final class LoopWriter {
    private LoopWriter() {}

    /**
     * Rounds {@code first} to {@code last} as one loop that adds the message words of {@code places} only (0 to 15,
     * ascending), whose schedule starts at slot {@code start} of a state's.
     */
    record Range(int first, int last, List<Integer> places, int start) {
        int rounds() {
            return last - first + 1;
        }

        /** Slots of a state's schedule this loop reads. */
        int slots() {
            return rounds() * places.size();
        }
    }

    /**
     * Whether round {@code round}'s message word at {@code place} can be non-zero: the nonce (m0) and the root words
     * (m1 to m4); m5 to m15 are zero in every work hash.
     */
    static boolean nonZero(int round, int place) {
        return SIGMA[round][place] <= 4;
    }

    /**
     * Rounds 1 to 10 split into {@code loops} consecutive ranges so that the loops add the fewest zero words; of
     * equal splits, the one with the fewest places (the shortest code). Two loops: rounds 1-3 at 9 places and 4-10 at
     * 15 add 82 zero words a state instead of 110.
     */
    static List<Range> ranges(int loops) {
        List<Range> best = null;
        long bestCost = Long.MAX_VALUE;
        int[] firsts = new int[loops];
        firsts[0] = 1;
        for (long cuts = 0; cuts < 1L << 9; cuts++) { // which of rounds 2 to 10 start a loop
            if (Long.bitCount(cuts) != loops - 1) continue;
            for (int r = 2, i = 1; r <= 10; r++) if ((cuts >> (r - 2) & 1) != 0) firsts[i++] = r;
            List<Range> split = new ArrayList<>();
            int start = 0, places = 0; // start ends as the slots added, zero words included
            for (int i = 0; i < loops; i++) {
                int first = firsts[i], last = i + 1 < loops ? firsts[i + 1] - 1 : 10;
                List<Integer> used = new ArrayList<>();
                for (int p = 0; p < 16; p++) {
                    for (int r = first; r <= last; r++) {
                        if (nonZero(r, p)) {
                            used.add(p);
                            break;
                        }
                    }
                }
                Range range = new Range(first, last, List.copyOf(used), start);
                split.add(range);
                start += range.slots();
                places += used.size();
            }
            long cost = (long) start * 16 + places;
            if (cost < bestCost) {
                bestCost = cost;
                best = split;
            }
        }
        return best;
    }

    /** Slots of one state's schedule: every range's. */
    static int slots(List<Range> ranges) {
        Range last = ranges.get(ranges.size() - 1);
        return last.start() + last.slots();
    }

    /** The schedule table, the scratch length and the per-root fill. */
    static void setUp(Shape shape, List<Val> leaves, StringBuilder s) {
        int n = shape.states();
        List<Range> ranges = ranges(shape.loops());
        int slots = slots(ranges);
        s.append("    /** Where the message schedule starts in {@code state} (vectors). */\n");
        s.append("    private static final int MSG = 0;\n");
        if (ranges.size() == 1) {
            s.append("    /** The message word each round 1 to 10 reads at each of its 16 places. */\n");
        } else {
            s.append("    /**\n     * The message word each round reads at each place its loop adds:");
            for (int i = 0; i < ranges.size(); i++) {
                Range r = ranges.get(i);
                s.append("\n     * rounds ").append(r.first()).append(" to ").append(r.last());
                s.append(" at places ").append(r.places()).append(i == ranges.size() - 1 ? "." : ";");
            }
            s.append("\n     */\n");
        }
        s.append("    private static final byte[] SCHEDULE = {");
        for (Range range : ranges) {
            for (int r = range.first(); r <= range.last(); r++) {
                s.append("\n        ");
                for (int p : range.places()) s.append(SIGMA[r][p]).append(", ");
            }
        }
        s.append("\n    };\n");
        s.append("    /** Index in {@code k} of root word m1..m4 (entry 0 unused). */\n");
        s.append("    private static final int[] ROOT_WORD = {0");
        for (int wd = 1; wd <= 4; wd++) s.append(", ").append(rootWordLeaf(leaves, wd));
        s.append("};\n\n");
        s.append("    @Override\n    protected int scratchLength() {\n");
        s.append("        return (MSG + ").append(n).append(" * ").append(slots).append(") * LANES;\n    }\n\n");
        s.append(
                "    /** The root words into their places in the schedule; the zero words stay 0, the nonce goes in per"
                        + " block. */\n");
        s.append("    @Override\n    protected void prepare(long[] k, long[] state) {\n");
        s.append("        for (int s = 0; s < ").append(n).append("; s++) {\n");
        s.append("            for (int i = 0; i < SCHEDULE.length; i++) {\n");
        s.append("                int word = SCHEDULE[i];\n");
        s.append("                if (word >= 1 && word <= 4) {\n");
        s.append("                    System.arraycopy(k, ROOT_WORD[word] * LANES, state, (MSG + s * ")
                .append(slots)
                .append(" + i) * LANES, LANES);\n");
        s.append("                }\n            }\n        }\n    }\n\n");
    }

    private static int rootWordLeaf(List<Val> leaves, int word) {
        for (int i = 0; i < leaves.size(); i++)
            if (leaves.get(i) instanceof RootVal r && r.op() == null && r.word() == word) return i;
        throw new IllegalStateException("root word m" + word + " is not a leaf");
    }

    /** Loads every state word, puts the nonce into the schedule and writes rounds 1 to 10 as counted loops. */
    static void body(Shape shape, MethodWriter w) {
        int n = shape.states();
        List<Range> ranges = ranges(shape.loops());
        int slots = slots(ranges);
        for (int st = 0; st < n; st++) {
            for (int word = 0; word < 16; word++) w.ensure(word, st);
            w.ensure(16, st);
        }
        for (int st = 0; st < n; st++) {
            for (Range range : ranges) {
                for (int r = range.first(); r <= range.last(); r++) {
                    for (int i = 0; i < range.places().size(); i++) {
                        if (SIGMA[r][range.places().get(i)] != 0) continue;
                        int slot = st * slots
                                + range.start()
                                + (r - range.first()) * range.places().size()
                                + i;
                        w.line(w.nonceVar(st) + ".intoArray(state, (MSG + " + slot + ") * LANES);");
                    }
                }
            }
        }
        for (Range range : ranges) {
            if (ranges.size() > 1)
                w.line("// rounds " + range.first() + " to " + range.last() + ", message places " + range.places());
            String from = range.start() == 0 ? "MSG" : "(MSG + " + range.start() + ")";
            w.line("for (int m = " + from + " * LANES; m < (MSG + " + (range.start() + range.slots())
                    + ") * LANES; m += " + range.places().size() + " * LANES) {");
            for (int half = 0; half < 2; half++) {
                w.line("    // " + (half == 0 ? "columns" : "diagonals"));
                for (int group = 0; group < 4; group += shape.gPerGroup()) {
                    for (int pos = 0; pos < 8; pos++) {
                        for (int gi = half * 4 + group; gi < half * 4 + group + shape.gPerGroup(); gi++) {
                            for (int st = 0; st < n; st++)
                                w.line("    " + mix(shape, w, range, slots, gi, pos, st) + ";");
                        }
                    }
                }
            }
            w.line("}");
        }
    }

    /**
     * Statement {@code pos} of G function {@code gi} for state {@code st}, its message word read from the schedule
     * where {@code range} adds it.
     */
    private static String mix(Shape shape, MethodWriter w, Range range, int slots, int gi, int pos, int st) {
        int[] g = SymbolicRounds.G[gi];
        String a = w.var(g[0], st), b = w.var(g[1], st), c = w.var(g[2], st), d = w.var(g[3], st);
        String add = shape.op("ADD"), xor = shape.op("XOR");
        int place = range.places().indexOf(2 * gi + (pos == 0 ? 0 : 1));
        String msg = "LongVector.fromArray(SPECIES, state, m + " + (st == 0 ? "" : st * slots + " * LANES + ") + place
                + " * LANES)";
        return switch (pos) {
            // (a + m) + b, not (a + b) + m: a is ready long before b, so the message word's add leaves the chain of
            // dependent operations (12 a G, not 14), which sets the pace where a vector add takes 2 cycles (Zen 5).
            case 0, 4 ->
                a + " = " + a + (place < 0 ? "" : ".lanewise(" + add + ", " + msg + ")") + ".lanewise(" + add + ", " + b
                        + ")";
            case 1 -> d + " = " + Rotates.ror(shape, d + ".lanewise(" + xor + ", " + a + ")", 32);
            case 2, 6 -> c + " = " + c + ".lanewise(" + add + ", " + d + ")";
            case 3 -> b + " = " + Rotates.ror(shape, b + ".lanewise(" + xor + ", " + c + ")", 24);
            case 5 -> d + " = " + Rotates.ror(shape, d + ".lanewise(" + xor + ", " + a + ")", 16);
            default -> b + " = " + Rotates.ror(shape, b + ".lanewise(" + xor + ", " + c + ")", 63);
        };
    }
}
