package dev.nanowork.cost;

import java.util.Locale;

/**
 * What vector code the JIT compiles on a target, and so which locally measured kernel rate stands in
 * for it when the target has no measured rate of its own.
 */
public enum Isa {
    /** AVX-512 hosts compile 512-bit species: the vector512 kernel. */
    AVX512("vector512"),
    /** AVX2-only hosts compile 256-bit species with emulated rotates (one thread of a 2-core AMD Zen 5, JDK 25,
     * round 14: vector256x2perm 19.8 MH/s with -XX:UseAVX=2, vector256x2 30.1 with AVX-512 code at 256 bits). */
    AVX2("vector256-avx2"),
    /** Graviton3: 256-bit SVE, a 256-bit species with native-width ops. */
    SVE256("vector256"),
    /** Graviton4: 128-bit SVE2. */
    SVE128("vector128"),
    /** Graviton2: 128-bit NEON, no SVE. */
    NEON128("vector128"),
    /** No usable vector unit. */
    SCALAR("scalar");

    private final String basis;

    Isa(String basis) {
        this.basis = basis;
    }

    /** The suffix of the local rate line ({@code local-<basis>}) that a modelled rate on this ISA starts from. */
    public String basis() {
        return basis;
    }

    /** True for the Arm ISAs (Graviton). */
    public boolean arm64() {
        return this == SVE256 || this == SVE128 || this == NEON128;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a pricing file's {@code isa}, e.g. {@code avx512}; null when unknown. */
    static Isa fromWire(String name) {
        for (Isa isa : values()) {
            if (isa.wireName().equals(name)) return isa;
        }
        return null;
    }
}
