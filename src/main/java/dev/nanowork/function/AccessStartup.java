package dev.nanowork.function;

import dev.nanowork.access.AccessSettings;
import dev.nanowork.access.Credentials;
import dev.nanowork.access.ParameterStore;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.config.WorkConfig;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.ConfigValue;

/**
 * The endpoint's keys, resolved once at start-up. Blank settings are looked for in what the configuration itself
 * resolved ({@link ConfigValue}: the raw text of whichever source holds the setting, and its value after
 * expansion), so that every source counts: environment, system properties, {@code .env}, application.properties
 * (the packaged one or {@code config/} beside the server), and {@code ${VAR:}} expanding to nothing. Only whether a
 * key is set, and where from, is ever logged.
 */
final class AccessStartup {
    private static final Logger LOG = Logger.getLogger(AccessStartup.class.getName());

    private AccessStartup() {}

    static Credentials resolve(WorkConfig.Auth auth) {
        Config config = ConfigProvider.getConfig();
        AccessSettings.refuseBlank(setting -> found(config.getConfigValue(setting)));
        SharedSecret wallet = AccessSettings.resolve(
                AccessSettings.KEY, auth.key(), auth.keyParameter(), ParameterStore::fromEnvironment);
        SharedSecret operator = AccessSettings.resolve(
                AccessSettings.OPERATOR_KEY,
                auth.operatorKey(),
                auth.operatorKeyParameter(),
                ParameterStore::fromEnvironment);
        Credentials credentials = new Credentials(wallet, operator);
        LOG.info(() -> "access: "
                + credentials.describe(
                        source(auth.keyParameter(), AccessSettings.KEY),
                        source(auth.operatorKeyParameter(), AccessSettings.OPERATOR_KEY)));
        return credentials;
    }

    private static Optional<AccessSettings.Found> found(ConfigValue value) {
        if (value == null || value.getRawValue() == null) return Optional.empty();
        return Optional.of(new AccessSettings.Found(value.getValue(), value.getRawValue(), value.getSourceName()));
    }

    private static String source(Optional<String> parameter, String setting) {
        return parameter
                .filter(p -> !p.isBlank())
                .map(p -> "from SSM parameter " + p)
                .orElse("from " + setting);
    }
}
