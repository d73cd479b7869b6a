package dev.nanowork.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * A Quarkus test profile that only overrides {@link Settings}. Quarkus tells profiles apart by their class (and
 * restarts the application between two), so each set of settings is its own small subclass: a public no-argument
 * constructor handing its settings here.
 */
public abstract class SettingsProfile implements QuarkusTestProfile {
    private final Settings settings;

    protected SettingsProfile(Settings settings) {
        this.settings = settings;
    }

    @Override
    public final Map<String, String> getConfigOverrides() {
        return settings.asMap();
    }
}
