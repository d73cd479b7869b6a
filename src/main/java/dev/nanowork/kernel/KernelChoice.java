package dev.nanowork.kernel;

import java.util.List;
import java.util.Locale;

/**
 * The {@code kernel} setting: {@code auto} (the fastest kernel this JVM runs, measured at start-up), a vector
 * width ({@code vector512}, {@code vector256}, {@code vector128}: the fastest of that width's variants, measured),
 * or one variant by name ({@code vector512x2}, {@code vector256x2perm}, {@code vector256x1}, ..., {@code scalar},
 * {@code scalarx2}).
 */
public record KernelChoice(String configName) {
    public static final KernelChoice AUTO = new KernelChoice("auto");
    public static final KernelChoice SCALAR = new KernelChoice("scalar");
    public static final KernelChoice VECTOR512 = new KernelChoice("vector512");
    public static final KernelChoice VECTOR256 = new KernelChoice("vector256");
    public static final KernelChoice VECTOR128 = new KernelChoice("vector128");

    /**
     * Every variant, by name: per width two states before one, then scalar. {@code vector256x2perm} is
     * {@code vector256x2} with rotr 32 as an int-pair permute: faster where the JIT emits AVX2-only code (x86_64
     * Lambda), slower with AVX-512's rotate (docs/kernels.md, round 5). The {@code nz} variants add no zero message
     * word (the loop kernels add 11 a round): their rounds are written out in methods C2 compiles whole, with the
     * state handed over between them (round 8). {@code vector128x1shuf} writes the rotates
     * as NEON does (byte shuffles, add and shift-accumulate): the 128-bit kernel that beats scalar on Graviton.
     */
    public static final List<String> VARIANTS = List.of(
            "vector512x2",
            "vector512x1",
            "vector256x2",
            "vector256x2perm",
            "vector256x1",
            "vector256x2nz",
            "vector256x1nz",
            "vector128x1shuf",
            "vector128x2",
            "vector128x1",
            "scalarx2",
            "scalar");

    /** Every accepted value. */
    public static final List<String> NAMES = List.of(
            "auto",
            "vector512",
            "vector256",
            "vector128",
            "vector512x2",
            "vector512x1",
            "vector256x2",
            "vector256x2perm",
            "vector256x1",
            "vector256x2nz",
            "vector256x1nz",
            "vector128x1shuf",
            "vector128x2",
            "vector128x1",
            "scalar",
            "scalarx2");

    /** A width ({@code vector256}): the fastest of its variants. */
    public boolean isWidth() {
        return configName.matches("vector\\d+");
    }

    /** The vector width in bits, 0 for scalar and auto. */
    public int bits() {
        return bits(configName);
    }

    static int bits(String name) {
        if (!name.startsWith("vector")) return 0;
        int x = name.indexOf('x', "vector".length());
        return Integer.parseInt(name.substring("vector".length(), x < 0 ? name.length() : x));
    }

    /**
     * Parses a configuration value, ignoring case and surrounding space.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static KernelChoice parse(String text) {
        String wanted = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (NAMES.contains(wanted)) return new KernelChoice(wanted);
        throw new IllegalArgumentException(
                "kernel must be one of " + String.join(" | ", NAMES) + ", was '" + text + "'");
    }

    @Override
    public String toString() {
        return configName;
    }
}
