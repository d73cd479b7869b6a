package dev.nanowork.kernel.generator;

import dev.nanowork.kernel.generator.Val.Const;
import dev.nanowork.kernel.generator.Val.RootVal;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes {@code RootConstants}: the per-root values of the symbolic run that the kernels read ({@code k[i]}), computed
 * once per root from the root words and the constants that feed them.
 */
final class RootConstantsWriter {
    private RootConstantsWriter() {}

    static String write(SymbolicRounds rounds) {
        List<Val> leaves = rounds.leaves();
        StringBuilder s = new StringBuilder(Generated.header("round 0, per root"));
        s.append("package dev.nanowork.kernel;\n\n");
        s.append("import dev.nanowork.work.Root;\n\n");
        s.append("/**\n");
        s.append(" * The values the kernels add or XOR in that do not depend on the nonce, computed once per root: the"
                + " root\n");
        s.append(
                " * words m1..m4 and the parts of round 0 (and of round 1 where they reach) that only root words and\n");
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
        for (RootVal r : rounds.rootVals) {
            if (!needed.contains(r.id()) || r.op() == null) continue;
            s.append("        long r").append(r.id()).append(" = ").append(scalarRoot(r));
            s.append("; // ").append(r.what()).append('\n');
        }
        s.append("        return new long[] {\n");
        for (int i = 0; i < leaves.size(); i++) {
            Val leaf = leaves.get(i);
            s.append("            ").append(leaf instanceof Const c ? Generated.hex(c.value()) : name((RootVal) leaf));
            s.append(", // k[").append(i).append("]: ");
            s.append(leaf instanceof RootVal r ? r.what() : "constant").append('\n');
        }
        s.append("        };\n    }\n}\n// spotless:on\n");
        return s.toString();
    }

    private static void need(RootVal r, Set<Integer> needed) {
        if (!needed.add(r.id())) return;
        if (r.x() instanceof RootVal x) need(x, needed);
        if (r.y() instanceof RootVal y) need(y, needed);
    }

    private static String name(RootVal r) {
        return r.op() == null ? "m" + r.word() : "r" + r.id();
    }

    private static String operand(Val v) {
        return v instanceof Const c ? Generated.hex(c.value()) : name((RootVal) v);
    }

    private static String scalarRoot(RootVal r) {
        return switch (r.op()) {
            case ADD -> operand(r.x()) + " + " + operand(r.y());
            case XOR -> operand(r.x()) + " ^ " + operand(r.y());
            case ROR -> "Long.rotateRight(" + operand(r.x()) + ", " + r.r() + ")";
        };
    }
}
