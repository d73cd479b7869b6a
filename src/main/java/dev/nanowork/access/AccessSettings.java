package dev.nanowork.access;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Resolves a configured secret: given directly, or the name of an SSM parameter holding it. A setting that is present
 * but blank in any configuration source (an unset variable in a unit file: {@code NANO_WORK_AUTH_KEY=}; {@code
 * nano-work.auth.key=} in a properties or {@code .env} file; {@code ${KEY:}} expanding to nothing) stops start-up
 * rather than starting an open endpoint: fail closed. So does a key given directly that is too weak ({@link
 * KeyStrength}); one read from SSM is checked when it is read.
 */
public final class AccessSettings {
    /** The wallet key: needed for every action when set. */
    public static final String KEY = "nano-work.auth.key";

    /** The operator key: needed for benchmark, status details and cancelling other clients' searches. */
    public static final String OPERATOR_KEY = "nano-work.auth.operator-key";

    /**
     * The edge's origin secret: when set, every request must carry it in {@code x-origin-secret} (only the edge
     * knows it), and the viewer address the edge sends beside it is the client.
     */
    public static final String ORIGIN_SECRET = "nano-work.auth.origin-secret";

    /** Every secret setting, each with its {@code -parameter} twin: none may be present and blank. */
    public static final List<String> SETTINGS = List.of(
            KEY,
            KEY + "-parameter",
            OPERATOR_KEY,
            OPERATOR_KEY + "-parameter",
            ORIGIN_SECRET,
            ORIGIN_SECRET + "-parameter");

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

    /**
     * The secret {@code setting} names, if any; setting both a secret and a parameter is refused, and so is a blank
     * one, and a weak one.
     *
     * @param setting {@link #KEY}, {@link #OPERATOR_KEY} or {@link #ORIGIN_SECRET}; its parameter is the same name with
     *     {@code -parameter}
     * @param key the secret itself (for self-hosted servers and tests)
     * @param parameter an SSM parameter name (on Lambda), read later, when a request needs it
     * @throws IllegalArgumentException when a setting is present but blank, both are set, or the secret is weak (never
     *     naming the secret)
     */
    public static KeySource resolve(String setting, Optional<String> key, Optional<String> parameter) {
        String parameterSetting = setting + "-parameter";
        refuseBlank(setting, key);
        refuseBlank(parameterSetting, parameter);
        if (key.isPresent() && parameter.isPresent()) {
            throw new IllegalArgumentException("set " + setting + " or " + parameterSetting + ", not both");
        }
        if (key.isPresent()) {
            KeyStrength.weakness(key.get()).ifPresent(w -> {
                throw new IllegalArgumentException(setting + " is too weak (" + w + "): " + KeyStrength.RULE);
            });
            return KeySource.fixed(SharedSecret.of(key.get()));
        }
        if (parameter.isPresent()) return new KeySource.Stored(parameter.get().strip());
        return KeySource.NONE;
    }

    /**
     * Refuses every secret setting of {@link #SETTINGS} that a configuration source holds but that is blank, raw or
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
