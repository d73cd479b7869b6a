package dev.nanowork.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code kernel} setting: {@code auto} (the fastest kernel this JVM runs, measured at start-up), a vector width
 * ({@code vector512}, {@code vector256}, {@code vector128}: the fastest of that width's variants, measured), or one
 * variant of {@link KernelVariant} by its name ({@code vector512x2}, ..., {@code scalar}). Every list here derives
 * from the catalogue.
 */
public record KernelChoice(String configName) {
    public static final KernelChoice AUTO = new KernelChoice("auto");
    public static final KernelChoice SCALAR = new KernelChoice(KernelVariant.SCALAR.wireName());
    public static final KernelChoice VECTOR512 = width(512);
    public static final KernelChoice VECTOR256 = width(256);
    public static final KernelChoice VECTOR128 = width(128);

    /** Every variant's name, in the catalogue's order. */
    public static final List<String> VARIANTS =
            Arrays.stream(KernelVariant.values()).map(KernelVariant::wireName).toList();

    /** The vector widths of the catalogue, widest first. */
    static final List<Integer> WIDTHS = Arrays.stream(KernelVariant.values())
            .filter(KernelVariant::vector)
            .map(KernelVariant::bits)
            .distinct()
            .sorted((a, b) -> b - a)
            .toList();

    /** Every accepted value: {@code auto}, the widths, the variants. */
    public static final List<String> NAMES = names();

    private static List<String> names() {
        List<String> names = new ArrayList<>();
        names.add(AUTO.configName());
        for (int bits : WIDTHS) names.add(width(bits).configName());
        names.addAll(VARIANTS);
        return List.copyOf(names);
    }

    /** The choice of a width: the fastest of its variants. */
    private static KernelChoice width(int bits) {
        return new KernelChoice("vector" + bits);
    }

    /** The variant this choice names, if it names one. */
    public Optional<KernelVariant> variant() {
        return KernelVariant.named(configName);
    }

    /** A width ({@code vector256}): the fastest of its variants. */
    public boolean isWidth() {
        return WIDTHS.stream().anyMatch(bits -> width(bits).equals(this));
    }

    /** The vector width in bits of a width or a variant; 0 for scalar and auto. */
    public int bits() {
        return variant()
                .map(KernelVariant::bits)
                .orElseGet(() -> WIDTHS.stream()
                        .filter(bits -> width(bits).equals(this))
                        .findFirst()
                        .orElse(0));
    }

    /** The variants this choice may run: all for {@code auto}, a width's, or the one named. */
    public List<KernelVariant> variants() {
        if (equals(AUTO)) return List.of(KernelVariant.values());
        if (isWidth())
            return Arrays.stream(KernelVariant.values())
                    .filter(v -> v.bits() == bits())
                    .toList();
        return variant().map(List::of).orElse(List.of());
    }

    /** The choice named {@code text} (case and surrounding space ignored), if it is one. */
    public static Optional<KernelChoice> find(String text) {
        String wanted = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        return NAMES.contains(wanted) ? Optional.of(new KernelChoice(wanted)) : Optional.empty();
    }

    /**
     * Parses a configuration value, ignoring case and surrounding space.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static KernelChoice parse(String text) {
        return find(text)
                .orElseThrow(() -> new IllegalArgumentException(
                        "kernel must be one of " + String.join(" | ", NAMES) + ", was '" + text + "'"));
    }

    @Override
    public String toString() {
        return configName;
    }
}
