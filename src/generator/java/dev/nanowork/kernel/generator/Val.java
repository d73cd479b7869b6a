package dev.nanowork.kernel.generator;

/**
 * A value of the symbolic run ({@link SymbolicRounds}): a compile-time constant, a per-root value, the nonce, a
 * per-nonce expression, or the value a written-out statement assigned.
 */
sealed interface Val {
    /** The three operations of BLAKE2b's G function. */
    enum Op {
        ADD,
        XOR,
        ROR
    }

    /** A constant, folded at generation time. */
    record Const(long value) implements Val {}

    /**
     * A per-root value: a root word ({@code op == null}, {@code word} 1..4) or an operation on others; {@code id} is
     * its place in {@link SymbolicRounds#rootVals}, {@code what} says where it comes from (a comment in the output).
     */
    record RootVal(int id, Op op, Val x, Val y, int r, int word, String what) implements Val {}

    /** m0, the nonce: the only per-nonce input. */
    record Nonce() implements Val {}

    /** An operation inside one statement's expression ({@code r}: the rotate amount of {@link Op#ROR}). */
    record Node(Op op, Val x, Val y, int r) implements Val {}

    /** The value a statement assigned (read back through its state word's variable). */
    record Ref(Stmt stmt) implements Val {}

    /** Whether the value depends on the nonce (and so is computed per block). */
    static boolean perNonce(Val v) {
        return v instanceof Nonce || v instanceof Node || v instanceof Ref;
    }

    /** Whether the expression reads the nonce itself (not through a statement). */
    static boolean usesNonce(Val v) {
        if (v instanceof Nonce) return true;
        return v instanceof Node n && (usesNonce(n.x()) || (n.y() != null && usesNonce(n.y())));
    }

    /**
     * One written-out statement: state word {@code word} of half-round {@code step} gets {@code expr}, as statement
     * {@code pos} (0-7) of G function {@code g} (0-7). {@code live} once it feeds the work value.
     */
    final class Stmt {
        final int word;
        final int step;
        final int g;
        final int pos;
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
}
