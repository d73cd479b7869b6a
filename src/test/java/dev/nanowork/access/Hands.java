package dev.nanowork.access;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves (here and in rpc.RotatedKeyGateTest). */
public final class Hands extends Clock {
    public static final Instant T0 = Instant.parse("2026-12-04T12:00:00Z");

    public volatile Instant now = T0;

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneOffset getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    public void pass(Duration d) {
        now = now.plus(d);
    }
}
