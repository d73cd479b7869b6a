package dev.nanowork.samples;

import dev.nanowork.support.HardWorkProfile;
import dev.nanowork.support.Settings;
import java.time.Duration;

/**
 * {@link HardWorkProfile}'s keyed server whose searches at {@link HardWorkProfile#HARD} run until their client stops
 * them: the 20 s deadline is far past the seconds a cancel takes, so a search that ends was ended by its client.
 */
public class NginxPeerProfile extends HardWorkProfile {
    static final Settings SETTINGS = settings(Duration.ofSeconds(20));

    public NginxPeerProfile() {
        super(SETTINGS);
    }

    protected NginxPeerProfile(Settings settings) {
        super(settings);
    }
}
