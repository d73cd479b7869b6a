package dev.nanowork.access;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Resolves the configured credential: a key given directly, or the name of an SSM parameter holding it. */
public final class AccessSettings {
    private AccessSettings() {}

    /**
     * The credential to require, if any; setting both a key and a parameter is refused.
     *
     * @param key {@code nano-work.auth.key}, the secret itself (for self-hosted servers and tests)
     * @param parameter {@code nano-work.auth.key-parameter}, an SSM parameter name (on Lambda)
     * @param store how to read a parameter, given the environment
     */
    public static SharedSecret resolve(
            Optional<String> key, Optional<String> parameter, Function<Map<String, String>, ParameterStore> store) {
        key = key.filter(k -> !k.isBlank());
        parameter = parameter.filter(p -> !p.isBlank());
        if (key.isPresent() && parameter.isPresent()) {
            throw new IllegalArgumentException("set nano-work.auth.key or nano-work.auth.key-parameter, not both");
        }
        if (key.isPresent()) return SharedSecret.of(key.get());
        if (parameter.isPresent())
            return SharedSecret.of(store.apply(System.getenv()).read(parameter.get()));
        return SharedSecret.NONE;
    }
}
