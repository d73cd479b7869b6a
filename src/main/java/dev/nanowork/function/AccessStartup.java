package dev.nanowork.function;

import dev.nanowork.access.AccessKeys;
import dev.nanowork.access.AccessSettings;
import dev.nanowork.access.KeySource;
import dev.nanowork.access.ParameterStore;
import dev.nanowork.access.RotatingKey;
import dev.nanowork.access.SsmParameterStore;
import dev.nanowork.config.WorkConfig;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.ConfigValue;

/**
 * The endpoint's keys, resolved at start-up from the configuration: a key given directly, or an SSM parameter that is
 * read only when a request needs it (never in INIT, so never in a SnapStart snapshot) and again every key-cache time.
 * Blank settings are looked for in what the configuration itself resolved ({@link ConfigValue}: the raw text of
 * whichever source holds the setting, and its value after expansion), so that every source counts: environment,
 * system properties, {@code .env}, application.properties (the packaged one or {@code config/} beside the server), and
 * {@code ${VAR:}} expanding to nothing. Only whether a key is set, and where from, is ever logged.
 */
final class AccessStartup {
    private static final Logger LOG = Logger.getLogger(AccessStartup.class.getName());

    private AccessStartup() {}

    static AccessKeys resolve(WorkConfig.Auth auth) {
        return resolve(auth, Lazy.of(SsmParameterStore::fromEnvironment));
    }

    /** The same with {@code store} for the parameters (built when the first parameter is named). */
    static AccessKeys resolve(WorkConfig.Auth auth, Supplier<? extends ParameterStore> store) {
        Config config = ConfigProvider.getConfig();
        AccessSettings.refuseBlank(setting -> found(config.getConfigValue(setting)));
        KeySource wallet = AccessSettings.resolve(
                AccessSettings.KEY, auth.key(), auth.keyParameter(), name -> rotating(name, auth, store));
        KeySource operator = AccessSettings.resolve(
                AccessSettings.OPERATOR_KEY,
                auth.operatorKey(),
                auth.operatorKeyParameter(),
                name -> rotating(name, auth, store));
        AccessKeys keys = new AccessKeys(wallet, operator);
        LOG.info(() -> "access: "
                + describe(wallet, auth.keyParameter(), AccessSettings.KEY, true, keys.keyed())
                + "; "
                + describe(operator, auth.operatorKeyParameter(), AccessSettings.OPERATOR_KEY, false, keys.keyed())
                + (auth.keyParameter().isPresent()
                                || auth.operatorKeyParameter().isPresent()
                        ? "; SSM keys read when a request needs them, again every " + auth.keyCache()
                                + ", a replaced version accepted for " + auth.rotationGrace() + " after its successor"
                        : ""));
        return keys;
    }

    private static KeySource rotating(
            String parameter, WorkConfig.Auth auth, Supplier<? extends ParameterStore> store) {
        try {
            return new RotatingKey(parameter, store.get(), auth.keyCache(), auth.rotationGrace(), Clock.systemUTC());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "nano-work.auth.key-cache and nano-work.auth.rotation-grace: " + e.getMessage(), e);
        }
    }

    /** What a start-up line may say of one key: where it comes from, never the key. */
    private static String describe(
            KeySource key, Optional<String> parameter, String setting, boolean wallet, boolean keyed) {
        String from = parameter.map(p -> "from SSM parameter " + p.strip()).orElse("from " + setting);
        if (wallet)
            return key.configured() ? "a key is required (" + from + ")" : "open (no " + AccessSettings.KEY + ")";
        if (key.configured()) return "operator key " + from;
        return keyed
                ? "no operator key: benchmark, status details and cancelling other clients' searches are refused"
                        + " to everyone (set nano-work.auth.operator-key or operator-key-parameter)"
                : "no operator key";
    }

    private static Optional<AccessSettings.Found> found(ConfigValue value) {
        if (value == null || value.getRawValue() == null) return Optional.empty();
        return Optional.of(new AccessSettings.Found(value.getValue(), value.getRawValue(), value.getSourceName()));
    }

    /** One store for both keys, built on first use: no SDK client at all for an endpoint without a parameter. */
    private static final class Lazy<T> implements Supplier<T> {
        private final Supplier<T> make;
        private T made;

        private Lazy(Supplier<T> make) {
            this.make = make;
        }

        static <T> Lazy<T> of(Supplier<T> make) {
            return new Lazy<>(make);
        }

        @Override
        public synchronized T get() {
            if (made == null) made = make.get();
            return made;
        }
    }
}
