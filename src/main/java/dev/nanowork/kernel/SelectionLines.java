package dev.nanowork.kernel;

import java.util.Locale;
import java.util.stream.Collectors;

/** The lines a {@link KernelSelector.Selection} logs: what was chosen at start-up, and what priming reached. */
final class SelectionLines {
    private SelectionLines() {}

    /**
     * The single start-up line. When kernels were timed: {@code work kernel: vector512x2 37.6 MH/s/thread (vector512x1
     * 33.9), raced 1.6 s, C2 on, 2 threads}, a rival the race saw only interpreted tagged {@code interpreted}; when the
     * race ended before C2 had compiled the kept kernel (a JVM whose compiler queue is full, as in dev mode), no rate
     * is claimed for it: {@code work kernel: vector512x2 (8 lanes x 2 states), not ranked: after 5.0 s of racing C2 had
     * compiled none of them (vector512x2 0.1, vector512x1 0.1 MH/s/thread, interpreted), so the first is kept; C2 on,
     * 2 threads}, and priming says the rate. When none was timed: {@code work kernel: vector256x1 (4 lanes x 1 state,
     * C2 on, 2 threads)}.
     */
    static String startup(KernelSelector.Selection s, int threads) {
        String tail = "C2 " + (s.c2On() ? "on" : "off") + ", " + threads + (threads == 1 ? " thread" : " threads");
        String described = s.kernel().describe();
        if (s.measured().isEmpty())
            return "work kernel: " + described.substring(0, described.length() - 1) + ", " + tail + ")";
        String name = s.kernel().name();
        String raced = String.format(Locale.ROOT, "%.1f s", s.timedMillis() / 1e3);
        if (!s.racedCompiled(name)) {
            String rates = s.measured().entrySet().stream()
                    .map(e -> e.getKey() + " " + mhs(e.getValue()))
                    .collect(Collectors.joining(", "));
            return "work kernel: " + described + ", not ranked: after " + raced + " of racing C2 had compiled none of"
                    + " them (" + rates + " MH/s/thread, interpreted), so the first is kept; " + tail;
        }
        String others = s.measured().entrySet().stream()
                .filter(e -> !e.getKey().equals(name))
                .map(e -> e.getKey() + " " + mhs(e.getValue()) + (s.racedCompiled(e.getKey()) ? "" : " interpreted"))
                .collect(Collectors.joining(", "));
        return "work kernel: " + name + " " + mhs(s.measured().get(name)) + " MH/s/thread"
                + (others.isEmpty() ? "" : " (" + others + ")") + ", raced " + raced + ", " + tail;
    }

    /**
     * The primed rate against the compiled one the race timed, e.g. {@code work kernel vector512x2 primed at 31.9
     * MH/s/thread, 0.99x its raced 32.2} or {@code ..., not at full speed: 4.5 MH/s/thread, 0.23x its raced 19.2};
     * against nothing for a configured kernel, or one the race saw only interpreted ({@code (raced at 0.1, before C2
     * had compiled it)}).
     */
    static String primed(KernelSelector.Selection s, KernelWarmup.Primed primed) {
        String name = s.kernel().name();
        Double raced = s.measured().get(name);
        String against;
        if (raced == null) against = "";
        else if (s.racedCompiled(name))
            against = String.format(Locale.ROOT, ", %.2fx its raced %s", primed.mhs() / raced, mhs(raced));
        else against = " (raced at " + mhs(raced) + ", before C2 had compiled it)";
        return "work kernel " + name + (s.atFullSpeed(primed) ? " primed at " : " not at full speed: ")
                + mhs(primed.mhs()) + " MH/s/thread" + against
                + (primed.steady() ? "" : " (no two rates agreed: C2 may not have compiled it yet)");
    }

    private static String mhs(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
