package dev.nanowork.function;

import dev.nanowork.access.AccessKeys;
import dev.nanowork.access.AccessSettings;
import dev.nanowork.access.KeySource;
import dev.nanowork.access.KeyStrength;
import dev.nanowork.access.ParameterStore;
import dev.nanowork.access.SsmParameterStore;
import dev.nanowork.access.StoredKeys;
import dev.nanowork.config.AuthConfig;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.ConfigValue;

/**
 * The endpoint's secrets, resolved at start-up from the configuration: the wallets' key, the operator's key and the
 * edge's origin secret, each given directly or kept in an SSM parameter that is read only when a request needs it
 * (never in INIT, so never in a SnapStart snapshot), all in one call, and again every key-cache time ({@link
 * StoredKeys}). Blank settings are looked for in what the configuration itself resolved ({@link ConfigValue}: the raw
 * text of whichever source holds the setting, and its value after expansion), so that every source counts:
 * environment, system properties, {@code .env}, application.properties (the packaged one or {@code config/} beside the
 * server), and {@code ${VAR:}} expanding to nothing. Only whether a secret is set, and where from, is ever logged.
 */
final class AccessStartup {
    private static final Logger LOG = Logger.getLogger(AccessStartup.class.getName());

    private AccessStartup() {}

    static AccessKeys resolve(AuthConfig auth) {
        return resolve(auth, SsmParameterStore::fromEnvironment);
    }

    /** The same with {@code store} for the parameters (built only when a parameter is named). */
    static AccessKeys resolve(AuthConfig auth, Supplier<? extends ParameterStore> store) {
        Config config = ConfigProvider.getConfig();
        AccessSettings.refuseBlank(setting -> found(config.getConfigValue(setting)));
        KeySource wallet = AccessSettings.resolve(AccessSettings.KEY, auth.key(), auth.keyParameter());
        KeySource operator =
                AccessSettings.resolve(AccessSettings.OPERATOR_KEY, auth.operatorKey(), auth.operatorKeyParameter());
        KeySource origin =
                AccessSettings.resolve(AccessSettings.ORIGIN_SECRET, auth.originSecret(), auth.originSecretParameter());
        List<String> parameters = new ArrayList<>();
        for (KeySource source : List.of(wallet, operator, origin)) {
            if (source instanceof KeySource.Stored kept) parameters.add(kept.parameter());
        }
        StoredKeys stored = parameters.isEmpty() ? null : stored(parameters, auth, store);
        AccessKeys keys = new AccessKeys(wallet, operator, origin, stored);
        LOG.info(() -> "access: "
                + describe(wallet, auth.keyParameter(), AccessSettings.KEY, true, keys.keyed())
                + "; "
                + describe(operator, auth.operatorKeyParameter(), AccessSettings.OPERATOR_KEY, false, keys.keyed())
                + "; " + origin(origin, auth.originSecretParameter())
                + (keys.keyed() || origin.configured() ? "; " + KeyStrength.RULE : "")
                + (stored == null
                        ? ""
                        : "; SSM parameters read in one call when a request needs them (a first request waits at most "
                                + StoredKeys.FIRST_READ_WAIT.toMillis() + " ms), again every " + auth.keyCache()
                                + " in the background, a replaced version accepted for " + auth.rotationGrace()
                                + " after its successor"));
        return keys;
    }

    private static StoredKeys stored(
            List<String> parameters, AuthConfig auth, Supplier<? extends ParameterStore> store) {
        try {
            return new StoredKeys(parameters, store.get(), auth.keyCache(), auth.rotationGrace(), Clock.systemUTC());
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

    /** What the start-up line says of the origin secret, and so of whom a request is from. */
    private static String origin(KeySource origin, Optional<String> parameter) {
        if (!origin.configured())
            return "no origin secret: " + RequestOrigin.EDGE_VIEWER_ADDRESS + " is not believed (the client is the"
                    + " connection's address, on Lambda API Gateway's sourceIp; set "
                    + AccessSettings.ORIGIN_SECRET + "-parameter behind the edge)";
        return "origin secret "
                + parameter.map(p -> "from SSM parameter " + p.strip()).orElse("from " + AccessSettings.ORIGIN_SECRET)
                + ": every request must carry it in " + OriginGate.HEADER + ", and the "
                + RequestOrigin.EDGE_VIEWER_ADDRESS + " beside it is the client";
    }

    private static Optional<AccessSettings.Found> found(ConfigValue value) {
        if (value == null || value.getRawValue() == null) return Optional.empty();
        return Optional.of(new AccessSettings.Found(value.getValue(), value.getRawValue(), value.getSourceName()));
    }
}
