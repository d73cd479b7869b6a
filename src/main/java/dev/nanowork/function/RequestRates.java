package dev.nanowork.function;

import dev.nanowork.config.WorkConfig;
import java.util.Locale;

/**
 * The requests a client may send, as a token bucket each (nginx's {@code limit_req}, API gateways' rate and burst): a
 * stranger {@code requests-per-second} on average and {@code request-burst} at once, a trusted work peer its own
 * larger pair. {@code off} (the Lambda build's default: API Gateway and the edge throttle there) turns the limit off.
 * Impossible settings stop start-up with a message naming the setting.
 *
 * @param on whether the limit is installed at all
 * @param perSecond a stranger's requests a second
 * @param burst a stranger's requests at once
 * @param peerPerSecond a trusted work peer's requests a second
 * @param peerBurst a trusted work peer's requests at once
 */
record RequestRates(boolean on, double perSecond, int burst, double peerPerSecond, int peerBurst) {
    static final String PER_SECOND = ConnectionLimits.PREFIX + "requests-per-second";
    static final String BURST = ConnectionLimits.PREFIX + "request-burst";
    static final String PEER_PER_SECOND = ConnectionLimits.PREFIX + "requests-per-second-per-peer";
    static final String PEER_BURST = ConnectionLimits.PREFIX + "request-burst-per-peer";
    /** Above this the interval between requests would be under a nanosecond, the clock's unit. */
    static final double MAX_PER_SECOND = 1e9;

    RequestRates {
        if (on) {
            rate(PER_SECOND, perSecond);
            atLeastOne(BURST, burst);
            rate(PEER_PER_SECOND, peerPerSecond);
            atLeastOne(PEER_BURST, peerBurst);
            fits(BURST, burst, perSecond);
            fits(PEER_BURST, peerBurst, peerPerSecond);
        }
    }

    static RequestRates of(WorkConfig.SelfHosted config) {
        String rate = config.requestsPerSecond().strip();
        boolean on = !rate.toLowerCase(Locale.ROOT).equals("off");
        return new RequestRates(
                on,
                on ? parse(rate) : 0,
                config.requestBurst(),
                config.requestsPerSecondPerPeer(),
                config.requestBurstPerPeer());
    }

    /** Nanoseconds between two requests at {@code perSecond}: the bucket gains one request each. */
    static long intervalNanos(double perSecond) {
        return Math.max(1, Math.round(1e9 / perSecond));
    }

    /** A rate as an operator writes it: {@code 50}, {@code 0.5}. */
    static String number(double perSecond) {
        return perSecond == Math.rint(perSecond) ? Long.toString((long) perSecond) : Double.toString(perSecond);
    }

    private static double parse(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PER_SECOND + " takes off or a positive number of requests a second"
                    + " (50, 0.5); was '" + text + "'");
        }
    }

    private static void rate(String setting, double perSecond) {
        if (!(perSecond > 0 && perSecond <= MAX_PER_SECOND)) { // also refuses NaN
            throw new IllegalArgumentException(setting + " must be a positive number of requests a second, at most "
                    + (long) MAX_PER_SECOND + (setting.equals(PER_SECOND) ? ", or off" : "") + "; was " + perSecond);
        }
    }

    private static void atLeastOne(String setting, int burst) {
        if (burst < 1) throw new IllegalArgumentException(setting + " must be at least 1; was " + burst);
    }

    /** The burst's span of time, {@code burst} intervals, must fit the clock's nanoseconds (292 years). */
    private static void fits(String setting, int burst, double perSecond) {
        if (burst > Long.MAX_VALUE / intervalNanos(perSecond)) {
            throw new IllegalArgumentException(setting + " " + burst + " at " + perSecond
                    + " requests a second spans more than 292 years: lower it or raise the rate");
        }
    }
}
