package dev.nanowork.function;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.time.Duration;
import java.util.Map;

/**
 * The self-hosted server with small connection limits, so a test reaches them with a handful of sockets: 24
 * connections in all, 4 per address, 12 for the trusted proxy {@link #PROXY}; request heads within {@link
 * #HEADER_TIMEOUT}; and work no search finds, so a {@code work_generate} is answered only at its {@link #DEADLINE},
 * well after the header timeout.
 */
public class ConnectionLimitsProfile implements QuarkusTestProfile {
    static final int MAX_CONNECTIONS = 24;
    static final int PER_ADDRESS = 4;
    static final int PER_PROXY = 12;
    static final String PROXY = "127.0.0.9";
    static final Duration HEADER_TIMEOUT = Duration.ofMillis(1500);
    static final Duration DEADLINE = Duration.ofSeconds(4);
    /** 2^56 attempts: never found. */
    static final String HARD = "ffffffffffffff00";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "quarkus.http.limits.max-connections",
                Integer.toString(MAX_CONNECTIONS),
                "nano-work.self-hosted.connections-per-address",
                Integer.toString(PER_ADDRESS),
                "nano-work.self-hosted.connections-per-proxy",
                Integer.toString(PER_PROXY),
                "nano-work.self-hosted.trusted-proxies",
                PROXY,
                "nano-work.self-hosted.header-timeout",
                HEADER_TIMEOUT.toMillis() + "ms",
                "nano-work.deadline",
                DEADLINE.toMillis() + "ms",
                "nano-work.min-difficulty",
                "0000000000000000",
                "nano-work.max-difficulty",
                HARD);
    }
}
