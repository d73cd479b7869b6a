package dev.nanowork.kernel.generator;

/**
 * How a vector shape writes BLAKE2b's rotates: {@code lanewise(ROR, n)}, or, for an amount in the shape's {@link
 * Shape#shuffled}, a shuffle: rotr 32 as an {@code IntVector} rearrange swapping int pairs (shipped as {@code
 * vector256x2perm}: one {@code vpermd} where AVX2-only code has no 64-bit rotate), rotr 24 and 16 as a {@code
 * ByteVector} rearrange (round 4: slower under AVX2; NEON's {@code tbl} in {@code vector128x1shuf}), rotr 63 as
 * {@code x + x} plus {@code x >>> 63}.
 */
final class Rotates {
    private Rotates() {}

    /** {@code x} rotated right by {@code r}. */
    static String ror(Shape shape, String x, int r) {
        if (!shape.shuffled().contains(r)) return x + ".lanewise(" + shape.op("ROR") + ", " + r + ")";
        // rotr 63 = rotl 1 = (x + x) + (x >>> 63), the two never overlap: NEON's add and usra (shift right and
        // accumulate) against ushr, shl and orr. x is written twice; C2 computes it once (one node).
        if (r == 63) {
            String add = shape.op("ADD");
            return x + ".lanewise(" + add + ", " + x + ").lanewise(" + add + ", " + x + ".lanewise(LSHR, 63))";
        }
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

    /** The imports the shape's rotates need beyond {@code LongVector}, in the order the file lists them. */
    static void imports(Shape shape, StringBuilder s, boolean statics) {
        if (statics) {
            if (shape.shuffled().contains(63)) s.append("import static jdk.incubator.vector.VectorOperators.LSHR;\n");
            return;
        }
        if (shape.shuffled().contains(24) || shape.shuffled().contains(16))
            s.append("import jdk.incubator.vector.ByteVector;\n");
        if (shape.shuffled().contains(32) && !byteShuffles(shape)) s.append("import jdk.incubator.vector.IntVector;\n");
    }

    /** The constant shuffles of rotr 32, 24 and 16 that the shape writes as shuffles, and a blank line after them. */
    static void constants(Shape shape, StringBuilder s) {
        boolean any = false;
        for (int r : new int[] {32, 24, 16}) {
            if (!shape.shuffled().contains(r)) continue;
            any = true;
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
        if (any) s.append('\n');
    }
}
