package dev.nanowork.kernel.generator;

import static dev.nanowork.work.WorkValue.H0;

import dev.nanowork.kernel.generator.Val.Const;
import dev.nanowork.kernel.generator.Val.Node;
import dev.nanowork.kernel.generator.Val.Nonce;
import dev.nanowork.kernel.generator.Val.Op;
import dev.nanowork.kernel.generator.Val.Ref;
import dev.nanowork.kernel.generator.Val.RootVal;
import dev.nanowork.kernel.generator.Val.Stmt;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The body of one generated method: which variables it has declared, and the statements of the symbolic run written
 * as Java for one shape (scalar {@code long}s or {@code LongVector}s, one variable set per state). Words that a later
 * method reads go through the per-thread {@code state} array (17 slots a state: 16 words and the nonce).
 */
final class MethodWriter {
    final Shape shape;
    final List<Val> leaves;
    final StringBuilder out = new StringBuilder();
    final Set<String> declared = new HashSet<>();

    MethodWriter(Shape shape, List<Val> leaves) {
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
    private String slot(int word, int state) {
        int i = state * 17 + word;
        return shape.scalar() ? Integer.toString(i) : i + " * LANES";
    }

    private String load(int word, int state) {
        return shape.scalar()
                ? "state[" + slot(word, state) + "]"
                : "LongVector.fromArray(SPECIES, state, " + slot(word, state) + ")";
    }

    /** The statement that hands {@code var}, word {@code word} of state {@code state}, over to a later method. */
    String store(int word, int state, String var) {
        return shape.scalar()
                ? "state[" + slot(word, state) + "] = " + var
                : var + ".intoArray(state, " + slot(word, state) + ")";
    }

    private String leaf(Val v) {
        int i = leaves.indexOf(v);
        if (shape.scalar()) return v instanceof Const c ? Generated.hex(c.value()) : "k[" + i + "]";
        if (shape.oneMethod()) return "k" + i;
        return "LongVector.fromArray(SPECIES, k, " + i + " * LANES)";
    }

    /** One-method kernels load each per-root constant once, into {@code k<i>}, shared by the states. */
    private void ensureLeaf(Val v) {
        int i = leaves.indexOf(v);
        if (shape.oneMethod() && declared.add("k" + i))
            line("LongVector k" + i + " = LongVector.fromArray(SPECIES, k, " + i + " * LANES);");
    }

    /** Declares the variable of {@code word} from the hand-over array if this method has not yet. */
    void ensure(int word, int state) {
        String v = word == 16 ? nonceVar(state) : var(word, state);
        if (declared.add(v)) line(type() + ' ' + v + " = " + load(word, state) + ";");
    }

    private void ensureInputs(Val v, int state) {
        if (v instanceof Ref r) ensure(r.stmt().word, state);
        else if (v instanceof Nonce) ensure(16, state);
        else if (v instanceof Const || v instanceof RootVal) ensureLeaf(v);
        else if (v instanceof Node n) {
            ensureInputs(n.x(), state);
            if (n.y() != null) ensureInputs(n.y(), state);
        }
    }

    private String expr(Val v, int state) {
        if (v instanceof Ref r) return var(r.stmt().word, state);
        if (v instanceof Nonce) return nonceVar(state);
        if (v instanceof Const || v instanceof RootVal) return leaf(v);
        Node n = (Node) v;
        String x = expr(n.x(), state);
        if (shape.scalar()) {
            String y = n.y() == null ? "" : expr(n.y(), state);
            if (n.op() != Op.ROR && n.x() instanceof Node c && c.op() != n.op() && c.op() != Op.ROR) x = "(" + x + ")";
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
            case ADD -> x + ".lanewise(" + shape.op("ADD") + ", " + expr(n.y(), state) + ")";
            case XOR -> x + ".lanewise(" + shape.op("XOR") + ", " + expr(n.y(), state) + ")";
            case ROR -> Rotates.ror(shape, x, n.r());
        };
    }

    /** Writes statement {@code st} for state {@code state}, declaring what it reads first. */
    void statement(Stmt st, int state) {
        ensureInputs(st.expr, state);
        String v = var(st.word, state);
        String e = expr(st.expr, state);
        line((declared.add(v) ? type() + " " : "") + v + " = " + e + ";");
    }

    /** One line of the method body, at its indentation. */
    void line(String text) {
        out.append("        ").append(text).append('\n');
    }

    /** The work value h0 ^ v0 ^ v8, compared unsigned with the threshold; {@code v0}, {@code v8}: their statements. */
    void finish(Stmt v0, Stmt v8) {
        int n = shape.states();
        if (shape.scalar()) {
            StringBuilder any = new StringBuilder();
            for (int st = 0; st < n; st++) {
                line("long value" + st + " = " + var(v0.word, st) + " ^ " + var(v8.word, st) + " ^ " + Generated.hex(H0)
                        + "; // h0 ^ v0 ^ v8");
                any.append(st == 0 ? "" : " | ")
                        .append("Long.compareUnsigned(value")
                        .append(st)
                        .append(", threshold) >= 0");
            }
            line("if (" + any + ") {");
            for (int st = 0; st < n; st++) line("    values[" + st + "] = value" + st + ";");
            line("    return true;");
            line("}");
            line("return false;");
            return;
        }
        line(
                "// The work value h0 ^ v0 ^ v8 compared unsigned: signed, with the sign bit of both sides flipped (JDK 21");
        line("// and 25 name the unsigned operator differently), the flip folded into h0.");
        line("// The values are written every block, not only on a hit: a vector store that only the rare hit branch");
        line("// runs has no profile there, and C2 then inlines it late or not at all (a call that boxes the vector,");
        line("// in code laid out before the return); one store a block costs nothing beside the rounds.");
        line("long biasedThreshold = threshold ^ Long.MIN_VALUE;");
        StringBuilder any = new StringBuilder();
        for (int st = 0; st < n; st++) {
            String xor = shape.op("XOR");
            line("LongVector biased" + st + " = " + var(v0.word, st) + ".lanewise(" + xor + ", " + var(v8.word, st)
                    + ").lanewise(" + xor + ", " + Generated.hex(H0 ^ Long.MIN_VALUE) + ");");
            line("biased" + st + ".lanewise(" + xor + ", Long.MIN_VALUE).intoArray(values, "
                    + (st == 0 ? "0" : st + " * LANES") + ");");
            any.append(st == 0 ? "" : ".or(")
                    .append("biased")
                    .append(st)
                    .append(".compare(GE, biasedThreshold)")
                    .append(st == 0 ? "" : ")");
        }
        line("return " + any + ".anyTrue();");
    }
}
