package dev.nanowork.samples;

import java.util.HashMap;
import java.util.Map;

/**
 * {@link NginxPeerProfile}'s keyed server, behind the nginx sample as its trusted proxy (nginx connects from
 * 127.0.0.1) with the node at {@link #NODE} a trusted work peer of {@link #PEER_SEARCHES} searches. Its own profile,
 * so its test meets a server that has measured no rate yet: searches that can never be found are queued rather
 * than refused as expected past their deadline.
 */
public class NginxWorkPeerProfile extends NginxPeerProfile {
    static final String NODE = "127.0.0.5";
    static final int PEER_SEARCHES = 8;

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put("nano-work.self-hosted.trusted-proxies", "127.0.0.1");
        overrides.put("nano-work.self-hosted.work-peers", NODE);
        overrides.put("nano-work.self-hosted.searches-per-peer", Integer.toString(PEER_SEARCHES));
        return overrides;
    }
}
