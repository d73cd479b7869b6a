package dev.nanowork.fault;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * A worker pool of 16 threads (Quarkus' default is 200; small here so that a test can fill it) and at most 8
 * waiting callers, half of it: the bound the start-up check allows.
 */
public class ThreadBoundProfile implements QuarkusTestProfile {
    static final int WORKERS = 16;
    static final int MAX_WAITERS = 8;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "quarkus.thread-pool.max-threads",
                Integer.toString(WORKERS),
                "nano-work.max-waiters",
                Integer.toString(MAX_WAITERS),
                "nano-work.benchmark.max-duration",
                "60s",
                "nano-work.deadline",
                "60s");
    }
}
