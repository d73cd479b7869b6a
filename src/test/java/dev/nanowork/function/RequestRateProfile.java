package dev.nanowork.function;

import dev.nanowork.support.Settings;
import dev.nanowork.support.SettingsProfile;

/**
 * The self-hosted server with a small request rate, so a test reaches it with a dozen requests: a client {@link
 * #PER_SECOND} a second and {@link #BURST} at once, the trusted work peer {@link #PEER} {@link #PEER_PER_SECOND} and
 * {@link #PEER_BURST}, behind the trusted proxies {@link #PROXY} and {@link #LOCAL_PROXY} each forwarded client its
 * own.
 */
public class RequestRateProfile extends SettingsProfile {
    static final int PER_SECOND = 1;
    static final int BURST = 4;
    static final int PEER_PER_SECOND = 2;
    static final int PEER_BURST = 10;
    static final String PEER = "127.0.0.8";
    static final String PROXY = "127.0.0.9";
    /** A trusted proxy on the local host itself, as the nginx sample on the server's machine is. */
    static final String LOCAL_PROXY = "127.0.0.1";

    public RequestRateProfile() {
        super(Settings.NONE
                .with("nano-work.self-hosted.requests-per-second", PER_SECOND)
                .with("nano-work.self-hosted.request-burst", BURST)
                .with("nano-work.self-hosted.requests-per-second-per-peer", PEER_PER_SECOND)
                .with("nano-work.self-hosted.request-burst-per-peer", PEER_BURST)
                .with("nano-work.self-hosted.work-peers", PEER)
                .with("nano-work.self-hosted.trusted-proxies", PROXY + "," + LOCAL_PROXY));
    }
}
