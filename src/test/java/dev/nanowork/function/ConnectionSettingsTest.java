package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.config.WorkConfig;
import dev.nanowork.support.Settings;
import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The connection settings are checked at start-up ({@link ConnectionLimits#of}, from {@code ConnectionGuard}'s
 * route set-up, before the server listens), each refusal naming its setting; and each address gets its kind's share.
 */
class ConnectionSettingsTest {
    /** A trusted proxy, trusted work peers, and the connection bounds on, the other settings at their defaults. */
    static final Settings BASE = Settings.NONE
            .with("nano-work.self-hosted.trusted-proxies", "127.0.0.9")
            .with("nano-work.self-hosted.work-peers", "10.0.0.0/8")
            .with("nano-work.self-hosted.limit-connections", true);

    /** The self-hosted settings with the given connection values. */
    static WorkConfig.SelfHosted settings(int perAddress, int perProxy, int perPeer, Duration headerTimeout) {
        return BASE.with("nano-work.self-hosted.connections-per-address", perAddress)
                .with("nano-work.self-hosted.connections-per-proxy", perProxy)
                .with("nano-work.self-hosted.connections-per-peer", perPeer)
                .with("nano-work.self-hosted.header-timeout", headerTimeout)
                .workConfig()
                .selfHosted();
    }

    static final WorkConfig.SelfHosted DEFAULTS = settings(32, 512, 128, Duration.ofSeconds(10));

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
                settings(1000, 512, 128, Duration.ofSeconds(10)),
                "nano-work.self-hosted.connections-per-address 1000 must be below quarkus.http.limits.max-connections"
                        + " (1000)");
        assertRefused(settings(0, 512, 128, Duration.ofSeconds(10)), "connections-per-address must be at least 1");
        assertRefused(settings(32, 0, 128, Duration.ofSeconds(10)), "connections-per-proxy must be at least 1");
        assertRefused(settings(32, 512, -1, Duration.ofSeconds(10)), "connections-per-peer must be at least 1");
        assertRefused(settings(32, 512, 128, Duration.ZERO), "nano-work.self-hosted.header-timeout must be positive");
        // Without a global limit (Quarkus' default: none), only the shares themselves are checked.
        assertEquals(
                1000,
                ConnectionLimits.of(settings(1000, 1, 1, Duration.ofMillis(1)), OptionalInt.empty())
                        .perAddress());
    }

    static void assertRefused(WorkConfig.SelfHosted settings, String message) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ConnectionLimits.of(settings, OptionalInt.of(1000)));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
