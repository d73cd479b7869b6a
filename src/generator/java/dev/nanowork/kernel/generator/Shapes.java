package dev.nanowork.kernel.generator;

import static dev.nanowork.kernel.generator.Shape.LOOP;

import java.util.List;

/**
 * The kernels shipped: the one list a variant is added to or removed from. {@code ./mvnw -Pgenerate-kernels} writes
 * from it each kernel's class, the catalogue ({@code KernelVariant}, from which the configuration's names, the
 * selector, the probe and the vector factory derive) and the lists of names in the OpenAPI document, the JMH
 * benchmark and docs/kernels.md. Order: per width, widest first, two states before one, then scalar; where {@code
 * auto} finds rates equal it keeps the first.
 *
 * <p>As measured on a Zen 5 (docs/kernels.md, round 5). Vector kernels but vector128x2 and the {@code nz} ones: the
 * whole block in one method ({@link Shape#LOOP}): round 0 (per-root constants), rounds 1 to 10 as a loop with the
 * state words in registers, adding the schedule's zero words too, round 11 trimmed; nothing through memory. At 512
 * bits with two states 75 MH/s against 61 for round 0, the loop and round 11 in four methods (round 3), which were
 * 57-58 against 55-56 for a method per round without zero words. The method is past C1's limit and kept from C1
 * ({@link KernelWriter#ROUNDS}). vector256x2perm: rotr 32 as an int-pair permute, faster where the JIT emits AVX2-only
 * code (21.1-22.0 against 20.2-20.9), slower with AVX-512's rotate (33.9 against 37.0). At 128 bits two states stay a
 * method per two half-rounds (15.8 against 15.0-15.7 in one method). vector128x1shuf: the rotates as NEON writes them
 * (tbl, add and usra); on Neoverse N1 llvm-mca puts C2's code for it at 365 cycles per hash against 533 for
 * vector128x1 and 460 for scalarx2 (round 6).
 *
 * <p>What {@code auto} races ({@link Shape#racedAt}): the loop variants of the widest width, and at 256 bits {@code
 * vector256x1nz} (round 18): on an Intel Emerald Rapids under AVX2-only code, x86_64 Lambda's, it ran 11.2-12.6 MH/s
 * against vector256x1's 9.8-10.1 and level with vector256x2perm (rounds 7 and 8), where on a Zen 5 it ran at 0.80-0.86x
 * vector256x2perm; which wins differs by CPU, so {@code auto} times it. {@code vector256x2nz} is left to its width and
 * its name: on one vCPU under AVX2-only code C2 had not compiled it by the end of the race in 5 of 5 start-ups, the
 * race took 5.9-6.4 s with both {@code nz} variants (round 8b). Where the widest is 128 bits (NEON, and
 * SVE2 on Graviton4) only what can win there: {@code vector128x1shuf} and {@code scalarx2} (C2's aarch64 code on
 * llvm-mca's Neoverse N1 model: 365 and 460 cycles per hash; vector128x1 533 and vector128x2 588, round 6). Every
 * kernel raced costs C2 compile time at start-up (0.3-0.6 s of one vCPU each).
 */
final class Shapes {
    private Shapes() {}

    static final List<Shape> SHIPPED = List.of(
            Shape.vector(
                            "vector512x2",
                            "Vector512x2",
                            512,
                            2,
                            2,
                            LOOP,
                            "two interleaved states, G functions two at a time per state: hides the latency of"
                                    + " vector integer operations")
                    .racedAt(512),
            Shape.vector(
                            "vector512x1",
                            "Vector512x1",
                            512,
                            1,
                            4,
                            LOOP,
                            "one state, G functions four at a time (32 vector registers on AVX-512)")
                    .racedAt(512),
            Shape.vector(
                            "vector256x2",
                            "Vector256x2",
                            256,
                            2,
                            2,
                            LOOP,
                            "two interleaved states, G functions two at a time per state")
                    .racedAt(256),
            Shape.vector(
                            "vector256x2perm",
                            "Vector256x2Perm",
                            256,
                            2,
                            2,
                            LOOP,
                            "two interleaved states, rotr 32 as an int-pair permute (one vpermd where AVX2-only code"
                                    + " has no 64-bit rotate)")
                    .shuffling(32)
                    .racedAt(256),
            Shape.vector(
                            "vector256x1",
                            "Vector256x1",
                            256,
                            1,
                            2,
                            LOOP,
                            "one state, G functions two at a time: few live values for AVX2's 16 ymm registers")
                    .racedAt(256),
            Shape.vector(
                    "vector256x2nz",
                    "Vector256x2Nz",
                    256,
                    2,
                    2,
                    3,
                    "two interleaved states with no zero message word, rounds 1 to 11 in methods of three"
                            + " half-rounds"),
            Shape.vector(
                            "vector256x1nz",
                            "Vector256x1Nz",
                            256,
                            1,
                            2,
                            6,
                            "one state with no zero message word, rounds 1 to 11 in methods of six half-rounds: each"
                                    + " method within C2's limits, a fresh register allocation for AVX2's 16 ymm"
                                    + " registers")
                    .racedAt(256),
            Shape.vector(
                            "vector128x1shuf",
                            "Vector128x1Shuf",
                            128,
                            1,
                            2,
                            LOOP,
                            "one state, rotr 32, 24 and 16 as byte shuffles (one NEON tbl each), rotr 63 as x + x"
                                    + " plus x >>> 63 (add and usra): the shape of hand-written NEON BLAKE2b")
                    .shuffling(32, 24, 16, 63)
                    .racedAt(128),
            Shape.vector(
                    "vector128x2",
                    "Vector128x2",
                    128,
                    2,
                    2,
                    2,
                    "two interleaved states, G functions two at a time per state"),
            Shape.vector("vector128x1", "Vector128x1", 128, 1, 2, LOOP, "one state, G functions two at a time"),
            Shape.scalar(
                            "scalarx2",
                            "ScalarX2Kernel",
                            2,
                            1,
                            6,
                            "two nonces interleaved statement by statement, for the integer units' parallelism")
                    .racedAt(128),
            Shape.scalar(
                    "scalar",
                    "ScalarKernel",
                    1,
                    2,
                    12,
                    "one nonce at a time, G functions two at a time so that two dependency chains overlap"));
}
