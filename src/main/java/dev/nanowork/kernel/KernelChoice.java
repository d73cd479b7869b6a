package dev.nanowork.kernel;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The {@code kernel} setting: a named backend, or {@code auto} for the fastest this JVM runs at full speed. */
public enum KernelChoice {
    AUTO, VECTOR512, VECTOR256, VECTOR128, SCALAR;

    /** The name used in configuration, e.g. {@code vector512}. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a configuration value, ignoring case and surrounding space.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static KernelChoice parse(String text) {
        String wanted = text == null ? "" : text.strip().toUpperCase(Locale.ROOT);
        for (KernelChoice c : values()) {
            if (c.name().equals(wanted)) return c;
        }
        throw new IllegalArgumentException("kernel must be one of "
                + Arrays.stream(values()).map(KernelChoice::configName).collect(Collectors.joining(" | "))
                + ", was '" + text + "'");
    }
}
