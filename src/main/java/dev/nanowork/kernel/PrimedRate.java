package dev.nanowork.kernel;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * What priming got the kept kernel to, against its compiled rate (the race's figure for it), as the operator's
 * {@code status} shows it: whether the first requests after start-up, and a SnapStart snapshot, run at full speed.
 *
 * @param raced the kernel's rate in {@code auto}'s race, MH/s on one thread (C2's code); empty for a configured kernel, or one the
 *     race timed only interpreted (C2 had not compiled it by the race's end)
 * @param primed the rate priming ended at, MH/s on one thread; empty where no kernel was primed (a function that
 *     searches no work)
 * @param fullSpeed whether priming ended steady and, where the kernel was raced, within 10% of that rate
 */
public record PrimedRate(OptionalDouble raced, OptionalDouble primed, boolean fullSpeed) {
    /** No kernel was primed. */
    public static final PrimedRate NONE = new PrimedRate(OptionalDouble.empty(), OptionalDouble.empty(), false);

    /** Below this share of its raced rate a primed kernel is not at full speed (C2 has not compiled all of it). */
    static final double FULL_SPEED_SHARE = 0.9;

    /** The rate at which a kernel raced at {@code raced} is at full speed (0 for one not raced). */
    static double fullSpeedFloor(OptionalDouble raced) {
        return FULL_SPEED_SHARE * raced.orElse(0);
    }

    /** What {@code primed} reached for a kernel raced at {@code raced} (empty: not raced). */
    public static PrimedRate of(OptionalDouble raced, KernelWarmup.Primed primed) {
        boolean full = primed.steady() && primed.mhs() >= fullSpeedFloor(raced);
        return new PrimedRate(raced, OptionalDouble.of(primed.mhs()), full);
    }

    /** The same kernel primed again (before a SnapStart snapshot), against the same raced rate. */
    public PrimedRate primedAgain(KernelWarmup.Primed again) {
        return of(raced, again);
    }

    /** {@code 19.2}, or {@code none}. */
    public static String mhs(OptionalDouble rate) {
        return rate.isPresent() ? String.format(Locale.ROOT, "%.1f", rate.getAsDouble()) : "none";
    }
}
