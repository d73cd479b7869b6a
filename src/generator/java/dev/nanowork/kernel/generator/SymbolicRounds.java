package dev.nanowork.kernel.generator;

import static dev.nanowork.work.WorkValue.SIGMA;

import dev.nanowork.kernel.generator.Val.Const;
import dev.nanowork.kernel.generator.Val.Node;
import dev.nanowork.kernel.generator.Val.Nonce;
import dev.nanowork.kernel.generator.Val.Op;
import dev.nanowork.kernel.generator.Val.Ref;
import dev.nanowork.kernel.generator.Val.RootVal;
import dev.nanowork.kernel.generator.Val.Stmt;
import dev.nanowork.work.WorkValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * BLAKE2b's 12 rounds run symbolically on one state of Nano's message (m0 = nonce, m1..m4 = root, m5..m15 = 0),
 * from {@link WorkValue#SIGMA} and the reference's initial state. Every value is a constant, a per-root value (root
 * words m1..m4 only) or a per-nonce value. Constants are folded, {@code x + 0} and {@code x ^ 0} vanish (so no zero
 * message word is loaded or added in any round), {@code (z + k1) + k2} becomes {@code z + (k1 + k2)}, per-root
 * values are kept for {@code RootConstants}, and only per-nonce statements are recorded. Statements that do not
 * feed the work value {@code h0 ^ v0 ^ v8} stay not {@code live} (most of round 11).
 */
final class SymbolicRounds {
    /** The words each G of a round mixes: four columns, then four diagonals. */
    static final int[][] G = {
        {0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
        {0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14},
    };

    /** The rotate amounts of G's two halves (RFC 7693: R1 and R2, then R3 and R4). */
    static final int[][] ROTATES = {{32, 24}, {16, 63}};

    /** Every per-root value, in order of creation ({@link RootVal#id} is the index). */
    final List<RootVal> rootVals = new ArrayList<>();
    /** Every per-nonce statement, in order. */
    final List<Stmt> stmts = new ArrayList<>();
    /** The 16 state words after round 11. */
    final Val[] finalV = new Val[16];

    private SymbolicRounds() {}

    /** The run, done. */
    static SymbolicRounds run() {
        SymbolicRounds rounds = new SymbolicRounds();
        rounds.runRounds();
        return rounds;
    }

    private Val op(Op op, Val x, Val y, int r, String what) {
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
        if (!Val.perNonce(x) && !Val.perNonce(y)) return root(op, x, y, 0, what);
        if (!Val.perNonce(x)) return op(op, y, x, r, what); // the per-nonce side first
        // (z + k1) + k2 = z + (k1 + k2): one addition of a per-root sum instead of two
        if (op == Op.ADD && !Val.perNonce(y) && x instanceof Node n && n.op() == Op.ADD && !Val.perNonce(n.y())) {
            return new Node(Op.ADD, n.x(), op(Op.ADD, n.y(), y, 0, what), 0);
        }
        return new Node(op, x, y, 0);
    }

    private Val root(Op op, Val x, Val y, int r, String what) {
        RootVal v = new RootVal(rootVals.size(), op, x, y, r, 0, what);
        rootVals.add(v);
        return v;
    }

    private void runRounds() {
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
                for (int half = 0; half < 2; half++) { // G's halves: word x, rotr 32 and 24; word y, rotr 16 and 63
                    int p = 4 * half;
                    Val word = half == 0 ? x : y;
                    Val sum = op(Op.ADD, v[a], v[b], 0, at + "v" + a);
                    v[a] = assign(a, step, gi, p, op(Op.ADD, sum, word, 0, at + "v" + a));
                    Val dx = op(Op.XOR, v[d], v[a], 0, at + "v" + d);
                    v[d] = assign(d, step, gi, p + 1, op(Op.ROR, dx, null, ROTATES[half][0], at + "v" + d));
                    v[c] = assign(c, step, gi, p + 2, op(Op.ADD, v[c], v[d], 0, at + "v" + c));
                    Val bx = op(Op.XOR, v[b], v[c], 0, at + "v" + b);
                    v[b] = assign(b, step, gi, p + 3, op(Op.ROR, bx, null, ROTATES[half][1], at + "v" + b));
                }
            }
        }
        System.arraycopy(v, 0, finalV, 0, 16);
        // Liveness: only h0 ^ v0 ^ v8 is read.
        mark(finalV[0]);
        mark(finalV[8]);
    }

    /** A per-nonce expression becomes a statement; constants and per-root values stay symbolic. */
    private Val assign(int word, int step, int g, int pos, Val value) {
        if (!(value instanceof Node)) return value; // m0 always meets a sum, so the nonce alone is never assigned
        Stmt s = new Stmt(word, step, g, pos, value);
        stmts.add(s);
        return new Ref(s);
    }

    private static void mark(Val v) {
        if (v instanceof Ref r) {
            if (r.stmt().live) return;
            r.stmt().live = true;
            mark(r.stmt().expr);
        } else if (v instanceof Node n) {
            mark(n.x());
            if (n.y() != null) mark(n.y());
        }
    }

    /** The constants and per-root values the live statements read, in order of first use: {@code k[i]}. */
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

    /** The last half-round with a live statement (round 11's columns). */
    int lastStep() {
        int last = 0;
        for (Stmt st : stmts) if (st.live) last = Math.max(last, st.step);
        return last;
    }

    /** The live statements of half-round {@code step}, in order. */
    List<Stmt> liveIn(int step) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt st : stmts) if (st.live && st.step == step) out.add(st);
        return out;
    }

    /** The last half-round that reads each statement's value. */
    Map<Stmt, Integer> lastUses() {
        Map<Stmt, Integer> lastUse = new HashMap<>();
        for (Stmt st : stmts) if (st.live) recordUses(st.expr, st.step, lastUse);
        return lastUse;
    }

    private static void recordUses(Val v, int step, Map<Stmt, Integer> lastUse) {
        if (v instanceof Ref r) lastUse.merge(r.stmt(), step, Math::max);
        else if (v instanceof Node n) {
            recordUses(n.x(), step, lastUse);
            if (n.y() != null) recordUses(n.y(), step, lastUse);
        }
    }

    /** The last half-round that reads the nonce itself, -1 if none. */
    int lastNonceUse() {
        int last = -1;
        for (Stmt st : stmts) if (st.live && Val.usesNonce(st.expr)) last = Math.max(last, st.step);
        return last;
    }

    /** True when no later live statement of a step {@code <= to} assigns the same word. */
    boolean isLastDefBefore(Stmt st, int to) {
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
}
