package dev.nanowork.rpc;

import dev.nanowork.work.Difficulty;
import java.util.regex.Pattern;

/** A request's {@code multiplier}: a positive plain decimal, the difficulty that many times the send threshold's. */
final class Multiplier {
    private static final Pattern DECIMAL = Pattern.compile("([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?");

    private Multiplier() {}

    /** The difficulty {@code text} names, or {@code Bad multiplier}. */
    static Difficulty difficulty(String text) {
        // A plain decimal only: Double.parseDouble would also read "NaN", "Infinity", " 2", "0x1p1" and "2d".
        double m = DECIMAL.matcher(text).matches() ? Double.parseDouble(text) : Double.NaN;
        if (!(m > 0) || Double.isInfinite(m)) {
            throw new RpcError(
                    RpcError.BAD_MULTIPLIER,
                    "multiplier must be a positive number such as 1.5, was " + RpcError.describe(text));
        }
        return Difficulty.fromMultiplier(m);
    }
}
