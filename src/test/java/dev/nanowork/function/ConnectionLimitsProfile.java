package dev.nanowork.function;

import dev.nanowork.support.Settings;
import dev.nanowork.support.SettingsProfile;
import java.time.Duration;

/**
 * The self-hosted server with small connection limits, so a test reaches them with a handful of sockets: 24
 * connections in all, 4 per address, 12 for the trusted proxy {@link #PROXY}; request heads within {@link
 * #HEADER_TIMEOUT}; and work no search finds, so a {@code work_generate} is answered only at its {@link #DEADLINE},
 * well after the header timeout.
 */
public class ConnectionLimitsProfile extends SettingsProfile {
    static final int MAX_CONNECTIONS = 24;
    static final int PER_ADDRESS = 4;
    static final int PER_PROXY = 12;
    static final String PROXY = "127.0.0.9";
    static final Duration HEADER_TIMEOUT = Duration.ofMillis(1500);
    static final Duration DEADLINE = Duration.ofSeconds(4);
    /** 2^56 attempts: never found. */
    static final String HARD = "ffffffffffffff00";

    public ConnectionLimitsProfile() {
        super(Settings.NONE
                .with("quarkus.http.limits.max-connections", MAX_CONNECTIONS)
                .with("nano-work.self-hosted.connections-per-address", PER_ADDRESS)
                .with("nano-work.self-hosted.connections-per-proxy", PER_PROXY)
                .with("nano-work.self-hosted.trusted-proxies", PROXY)
                .with("nano-work.self-hosted.header-timeout", HEADER_TIMEOUT)
                .with("nano-work.deadline", DEADLINE)
                .with("nano-work.min-difficulty", "0000000000000000")
                .with("nano-work.max-difficulty", HARD));
    }
}
