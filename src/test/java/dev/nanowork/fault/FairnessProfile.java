package dev.nanowork.fault;

import dev.nanowork.support.Settings;
import dev.nanowork.support.SettingsProfile;

/**
 * The self-hosted server behind a trusted proxy ({@link #PROXY}) with a trusted work peer ({@link #PEER}, 8
 * searches): benchmarks of {@link #BENCHMARK_SECONDS} hold searches for as long as a test needs them, whatever this
 * machine's rate (a benchmark is its caller's search, never refused for its deadline), and work up to {@link #HARD}
 * may be asked for.
 */
public class FairnessProfile extends SettingsProfile {
    static final String PROXY = "127.0.0.9";
    static final String PEER = "127.0.0.5";
    static final int PEER_SEARCHES = 8;
    static final String BENCHMARK_SECONDS = "40";
    /** 2^56 attempts: never found. */
    static final String HARD = "ffffffffffffff00";

    public FairnessProfile() {
        super(Settings.NONE
                .with("nano-work.self-hosted.trusted-proxies", PROXY)
                .with("nano-work.self-hosted.work-peers", PEER)
                .with("nano-work.self-hosted.searches-per-peer", PEER_SEARCHES)
                .with("nano-work.benchmark.max-duration", "60s")
                .with("nano-work.deadline", "60s")
                .with("nano-work.min-difficulty", "0000000000000000")
                .with("nano-work.max-difficulty", HARD));
    }
}
