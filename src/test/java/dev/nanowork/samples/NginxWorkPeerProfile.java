package dev.nanowork.samples;

/**
 * {@link NginxPeerProfile}'s keyed server, behind the nginx sample as its trusted proxy (nginx connects from
 * 127.0.0.1) with the node at {@link #NODE} a trusted work peer of {@link #PEER_SEARCHES} searches. Its own profile,
 * so its test meets a server that has measured no rate yet: searches that can never be found are queued rather
 * than refused as expected past their deadline.
 */
public class NginxWorkPeerProfile extends NginxPeerProfile {
    static final String NODE = "127.0.0.5";
    static final int PEER_SEARCHES = 8;

    public NginxWorkPeerProfile() {
        super(SETTINGS.with("nano-work.self-hosted.trusted-proxies", "127.0.0.1")
                .with("nano-work.self-hosted.work-peers", NODE)
                .with("nano-work.self-hosted.searches-per-peer", PEER_SEARCHES));
    }
}
