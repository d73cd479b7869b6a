package dev.nanowork.access;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Resolves the configured credential: a key given directly, or the name of an SSM parameter holding it. A
 * setting that is present but blank (an unset variable in a unit file: {@code NANO_WORK_AUTH_KEY=}) stops
 * start-up rather than starting an open endpoint: fail closed.
 */
public final class AccessSettings {
    /** The settings, as environment variables and as system properties, that must never be present and blank. */
    static final Map<String, String> RAW_NAMES = Map.of(
            "NANO_WORK_AUTH_KEY", "nano-work.auth.key",
            "NANO_WORK_AUTH_KEY_PARAMETER", "nano-work.auth.key-parameter",
            "nano-work.auth.key", "nano-work.auth.key",
            "nano-work.auth.key-parameter", "nano-work.auth.key-parameter");

    private AccessSettings() {}

    /**
     * The credential to require, if any; setting both a key and a parameter is refused, and so is a blank one.
     *
     * @param key {@code nano-work.auth.key}, the secret itself (for self-hosted servers and tests)
     * @param parameter {@code nano-work.auth.key-parameter}, an SSM parameter name (on Lambda)
     * @param store how to read a parameter, given the environment
     * @throws IllegalArgumentException when a setting is present but blank, or both are set
     */
    public static SharedSecret resolve(
            Optional<String> key, Optional<String> parameter, Function<Map<String, String>, ParameterStore> store) {
        refuseBlank("nano-work.auth.key", key);
        refuseBlank("nano-work.auth.key-parameter", parameter);
        if (key.isPresent() && parameter.isPresent()) {
            throw new IllegalArgumentException("set nano-work.auth.key or nano-work.auth.key-parameter, not both");
        }
        if (key.isPresent()) return SharedSecret.of(key.get());
        if (parameter.isPresent())
            return SharedSecret.of(
                    store.apply(System.getenv()).read(parameter.get().strip()));
        return SharedSecret.NONE;
    }

    /**
     * Refuses a key setting present but empty or blank in {@code raw} (the environment, or the system
     * properties): the configuration reads an empty value as absent, which would start an open endpoint.
     *
     * @throws IllegalArgumentException naming the setting (never a value)
     */
    public static void refuseBlank(Map<String, String> raw) {
        RAW_NAMES.forEach((name, setting) -> {
            String value = raw.get(name);
            if (value != null) refuseBlank(setting + " (" + name + ")", Optional.of(value));
        });
    }

    private static void refuseBlank(String setting, Optional<String> value) {
        if (value.isPresent() && value.get().isBlank()) {
            throw new IllegalArgumentException(setting + " is set but blank: refusing to start an open endpoint."
                    + " Set the key (or the SSM parameter's name), or remove the setting to serve without a key");
        }
    }
}
