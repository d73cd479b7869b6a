package dev.nanowork.support;

import dev.nanowork.config.WorkConfig;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Settings a test overrides, by the keys application.properties uses ({@code nano-work.deadline}, {@code
 * quarkus.thread-pool.max-threads}), in one vocabulary for both kinds of test: a {@link SettingsProfile} starts the
 * application with them, and {@link #workConfig} reads them as the application does, every other setting at its
 * default, for a test of one class without the application. Immutable: {@link #with} returns a copy, so a profile
 * can build on another's settings.
 */
public final class Settings {
    /** None: every setting at its default. */
    public static final Settings NONE = new Settings(Map.of());

    private final Map<String, String> values;

    private Settings(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /** These settings and {@code key} set to {@code value}, as written in application.properties. */
    public Settings with(String key, String value) {
        Map<String, String> more = new LinkedHashMap<>(values);
        more.put(key, value);
        return new Settings(more);
    }

    public Settings with(String key, long value) {
        return with(key, Long.toString(value));
    }

    public Settings with(String key, double value) {
        return with(key, Double.toString(value));
    }

    public Settings with(String key, boolean value) {
        return with(key, Boolean.toString(value));
    }

    /** A duration in milliseconds ({@code 1500ms}), which Quarkus and {@link #workConfig} both read. */
    public Settings with(String key, Duration value) {
        return with(key, value.toMillis() + "ms");
    }

    /** The overrides, for {@code QuarkusTestProfile.getConfigOverrides}. */
    public Map<String, String> asMap() {
        return values;
    }

    /**
     * The endpoint's settings as the application reads them from these ({@code nano-work.*} only; an unknown key
     * under it fails, as at start-up), the rest at their {@code @WithDefault}. A value is handed over as written,
     * blanks and all, so that a test can give the start-up checks what a careless operator writes (SmallRye Config
     * would read an empty one as unset).
     */
    public WorkConfig workConfig() {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withMapping(WorkConfig.class)
                .withConverter(Duration.class, 200, new DurationConverter())
                .withConverter(String.class, 200, value -> value)
                .withSources(new PropertiesConfigSource(values, "Settings", 500))
                .build();
        return config.getConfigMapping(WorkConfig.class);
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
