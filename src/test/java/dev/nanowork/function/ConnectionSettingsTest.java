package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.config.WorkConfig;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The connection settings are checked at start-up ({@link ConnectionLimits#of}, from {@code ConnectionGuard}'s
 * route set-up, before the server listens), each refusal naming its setting; and each address gets its kind's share.
 */
class ConnectionSettingsTest {
    /** The self-hosted settings with the given connection values (the others as their defaults). */
    record Settings(int perAddress, int perProxy, int perPeer, Duration headerTimeout)
            implements WorkConfig.SelfHosted {
        @Override
        public Optional<List<String>> trustedProxies() {
            return Optional.of(List.of("127.0.0.9"));
        }

        @Override
        public Optional<List<String>> workPeers() {
            return Optional.of(List.of("10.0.0.0/8"));
        }

        @Override
        public int searchesPerPeer() {
            return 16;
        }

        @Override
        public boolean limitConnections() {
            return true;
        }

        @Override
        public int connectionsPerAddress() {
            return perAddress;
        }

        @Override
        public int connectionsPerProxy() {
            return perProxy;
        }

        @Override
        public int connectionsPerPeer() {
            return perPeer;
        }

        @Override
        public String requestsPerSecond() {
            return "off";
        }

        @Override
        public int requestBurst() {
            return 64;
        }

        @Override
        public double requestsPerSecondPerPeer() {
            return 100;
        }

        @Override
        public int requestBurstPerPeer() {
            return 256;
        }
    }

    static final Settings DEFAULTS = new Settings(32, 512, 128, Duration.ofSeconds(10));

    @Test
    void eachAddressGetsItsKindsShare() {
        ConnectionLimits limits = ConnectionLimits.of(DEFAULTS, OptionalInt.of(1000));
        assertEquals(512, limits.limitFor("127.0.0.9"), "a trusted proxy");
        assertEquals(128, limits.limitFor("10.1.2.3"), "a trusted work peer");
        assertEquals(32, limits.limitFor("127.0.0.2"), "a stranger");
        assertEquals(Integer.MAX_VALUE, limits.limitFor("127.0.0.1"), "the local host: only the limit in all");
        assertEquals(Integer.MAX_VALUE, limits.limitFor("0:0:0:0:0:0:0:1"), "the local host over IPv6");
    }

    @Test
    void impossibleSettingsStopStartUpNamingTheSetting() {
        assertRefused(
                new Settings(1000, 512, 128, Duration.ofSeconds(10)),
                "nano-work.self-hosted.connections-per-address 1000 must be below quarkus.http.limits.max-connections"
                        + " (1000)");
        assertRefused(new Settings(0, 512, 128, Duration.ofSeconds(10)), "connections-per-address must be at least 1");
        assertRefused(new Settings(32, 0, 128, Duration.ofSeconds(10)), "connections-per-proxy must be at least 1");
        assertRefused(new Settings(32, 512, -1, Duration.ofSeconds(10)), "connections-per-peer must be at least 1");
        assertRefused(
                new Settings(32, 512, 128, Duration.ZERO), "nano-work.self-hosted.header-timeout must be positive");
        // Without a global limit (Quarkus' default: none), only the shares themselves are checked.
        assertEquals(
                1000,
                ConnectionLimits.of(new Settings(1000, 1, 1, Duration.ofMillis(1)), OptionalInt.empty())
                        .perAddress());
    }

    static void assertRefused(Settings settings, String message) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ConnectionLimits.of(settings, OptionalInt.of(1000)));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
