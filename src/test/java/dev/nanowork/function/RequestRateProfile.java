package dev.nanowork.function;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The self-hosted server with a small request rate, so a test reaches it with a dozen requests: a client {@link
 * #PER_SECOND} a second and {@link #BURST} at once, the trusted work peer {@link #PEER} {@link #PEER_PER_SECOND} and
 * {@link #PEER_BURST}, behind the trusted proxy {@link #PROXY} each forwarded client its own.
 */
public class RequestRateProfile implements QuarkusTestProfile {
    static final int PER_SECOND = 1;
    static final int BURST = 4;
    static final int PEER_PER_SECOND = 2;
    static final int PEER_BURST = 10;
    static final String PEER = "127.0.0.8";
    static final String PROXY = "127.0.0.9";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "nano-work.self-hosted.requests-per-second",
                Integer.toString(PER_SECOND),
                "nano-work.self-hosted.request-burst",
                Integer.toString(BURST),
                "nano-work.self-hosted.requests-per-second-per-peer",
                Integer.toString(PEER_PER_SECOND),
                "nano-work.self-hosted.request-burst-per-peer",
                Integer.toString(PEER_BURST),
                "nano-work.self-hosted.work-peers",
                PEER,
                "nano-work.self-hosted.trusted-proxies",
                PROXY);
    }
}
