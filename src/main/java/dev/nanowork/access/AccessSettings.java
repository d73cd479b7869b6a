package dev.nanowork.access;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Resolves a configured credential: a key given directly, or the name of an SSM parameter holding it. A setting
 * that is present but blank in any configuration source (an unset variable in a unit file: {@code
 * NANO_WORK_AUTH_KEY=}; {@code nano-work.auth.key=} in a properties or {@code .env} file; {@code ${KEY:}} expanding
 * to nothing) stops start-up rather than starting an open endpoint: fail closed.
 */
public final class AccessSettings {
    /** The wallet key: needed for every action when set. */
    public static final String KEY = "nano-work.auth.key";

    /** The operator key: needed for benchmark, status details and cancelling other clients' searches. */
    public static final String OPERATOR_KEY = "nano-work.auth.operator-key";

    /** Every key setting, each with its {@code -parameter} twin: none may be present and blank. */
    public static final List<String> SETTINGS =
            List.of(KEY, KEY + "-parameter", OPERATOR_KEY, OPERATOR_KEY + "-parameter");

    /**
     * One setting as the configuration found it: the value after expansion ({@code null} or empty when it
     * expanded to nothing), the text its source holds, and which source that is.
     */
    public record Found(String value, String raw, String source) {
        boolean blank() {
            return raw.isBlank() || value == null || value.isBlank();
        }
    }

    private AccessSettings() {}

    /** The wallet key, from {@code nano-work.auth.key} or {@code nano-work.auth.key-parameter}. */
    public static KeySource resolve(
            Optional<String> key, Optional<String> parameter, Function<String, KeySource> stored) {
        return resolve(KEY, key, parameter, stored);
    }

    /**
     * The key {@code setting} names, if any; setting both a key and a parameter is refused, and so is a blank one.
     *
     * @param setting {@link #KEY} or {@link #OPERATOR_KEY}; its parameter is the same name with {@code -parameter}
     * @param key the secret itself (for self-hosted servers and tests)
     * @param parameter an SSM parameter name (on Lambda)
     * @param stored how a parameter's key is kept, given the parameter's name (read later, when a request needs it)
     * @throws IllegalArgumentException when a setting is present but blank, or both are set
     */
    public static KeySource resolve(
            String setting, Optional<String> key, Optional<String> parameter, Function<String, KeySource> stored) {
        String parameterSetting = setting + "-parameter";
        refuseBlank(setting, key);
        refuseBlank(parameterSetting, parameter);
        if (key.isPresent() && parameter.isPresent()) {
            throw new IllegalArgumentException("set " + setting + " or " + parameterSetting + ", not both");
        }
        if (key.isPresent()) return KeySource.fixed(SharedSecret.of(key.get()));
        if (parameter.isPresent()) return stored.apply(parameter.get().strip());
        return KeySource.NONE;
    }

    /**
     * Refuses every key setting of {@link #SETTINGS} that a configuration source holds but that is blank, raw or
     * expanded: the configuration reads an empty value as absent, which would start an open endpoint.
     *
     * @param lookup what the configuration holds for a setting, empty when no source has it
     * @throws IllegalArgumentException naming the setting and its source (never a value)
     */
    public static void refuseBlank(Function<String, Optional<Found>> lookup) {
        for (String setting : SETTINGS) {
            lookup.apply(setting).filter(Found::blank).ifPresent(found -> {
                throw blank(setting + " (from " + found.source() + ")");
            });
        }
    }

    private static void refuseBlank(String setting, Optional<String> value) {
        if (value.isPresent() && value.get().isBlank()) throw blank(setting);
    }

    private static IllegalArgumentException blank(String setting) {
        return new IllegalArgumentException(setting + " is set but blank: refusing to start an open endpoint."
                + " Set the key (or the SSM parameter's name), or remove the setting to serve without it");
    }
}
