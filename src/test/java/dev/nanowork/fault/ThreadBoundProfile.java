package dev.nanowork.fault;

import dev.nanowork.support.Settings;
import dev.nanowork.support.SettingsProfile;

/**
 * A worker pool of 16 threads (Quarkus' default is 200; small here so that a test can fill it) and at most 8
 * waiting callers, half of it: the bound the start-up check allows.
 */
public class ThreadBoundProfile extends SettingsProfile {
    static final int WORKERS = 16;
    static final int MAX_WAITERS = 8;

    public ThreadBoundProfile() {
        super(Settings.NONE
                .with("quarkus.thread-pool.max-threads", WORKERS)
                .with("nano-work.max-waiters", MAX_WAITERS)
                .with("nano-work.benchmark.max-duration", "60s")
                .with("nano-work.deadline", "60s"));
    }
}
