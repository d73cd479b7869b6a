package dev.nanowork.conformance;

import dev.nanowork.support.Settings;
import dev.nanowork.support.SettingsProfile;

/**
 * The endpoint as deployed by default (the same difficulty limits, no key, as nano_node's RPC has none), with a 3 s
 * deadline so that the cases searching at a send difficulty end within the build's time (Expect.Work orDeadline).
 */
public class NanoNodeProfile extends SettingsProfile {
    public NanoNodeProfile() {
        super(Settings.NONE.with("nano-work.deadline", "3s"));
    }
}
