package dev.nanowork.cost;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** How the human-readable outputs (table, chart labels) print numbers: three significant figures, no exponent. */
final class Figures {
    private static final MathContext THREE = new MathContext(3);

    private Figures() {}

    static String sig3(double value) {
        if (!Double.isFinite(value)) return String.valueOf(value);
        if (value == 0) return "0";
        return new BigDecimal(value).round(THREE).stripTrailingZeros().toPlainString();
    }

    /** An attempt count in full, with its power of two when it is one (send 2^29, epoch 1 2^26, receive 2^23). */
    static String attempts(double expected) {
        String full = String.format(Locale.ROOT, "%,.0f", expected);
        int exponent = Math.getExponent(expected);
        return expected == Math.scalb(1.0, exponent) ? full + " (2^" + exponent + ")" : full;
    }

    static String dollars(double value) {
        return "$" + sig3(value);
    }

    /** A probability as a percentage, in exponent form once it is too small to read as a decimal. */
    static String percent(double probability) {
        double pct = probability * 100;
        if (pct == 0) return "0%";
        if (pct < 0.001) return String.format(Locale.ROOT, "%.1e%%", pct);
        return sig3(pct) + "%";
    }

    static String utilisation(double u) {
        if (Double.isNaN(u)) return "";
        if (u > 1) return "never (" + (Double.isInfinite(u) ? "inf" : sig3(u * 100) + "%") + ")";
        return sig3(u * 100) + "%";
    }
}
