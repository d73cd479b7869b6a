package dev.nanowork.conformance;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The endpoint as deployed by default (the same difficulty limits, no key, as nano_node's RPC has none), with a 3 s
 * deadline so that the cases searching at a send difficulty end within the build's time (Expect.Work orDeadline).
 */
public class NanoNodeProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("nano-work.deadline", "3s");
    }
}
