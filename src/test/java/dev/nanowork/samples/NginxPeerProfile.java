package dev.nanowork.samples;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * A keyed server (as a deployment with a key), whose searches at {@link #HARD} run until their client stops them:
 * the 20 s deadline is far past the seconds a cancel takes, so a search that ends was ended by its client.
 */
public class NginxPeerProfile implements QuarkusTestProfile {
    public static final String KEY = "nginx-peer-key-3c1f";
    /** The operator key: the test reads status details ({@code searching}) with it. */
    public static final String OPERATOR_KEY = "nginx-operator-key-9d2e";
    /** 2^56 attempts: never found. */
    public static final String HARD = "ffffffffffffff00";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "nano-work.auth.key",
                KEY,
                "nano-work.auth.operator-key",
                OPERATOR_KEY,
                "nano-work.min-difficulty",
                "0000000000000000",
                "nano-work.max-difficulty",
                HARD,
                "nano-work.deadline",
                "20s");
    }
}
