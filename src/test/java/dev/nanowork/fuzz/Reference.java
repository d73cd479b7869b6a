package dev.nanowork.fuzz;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * The fuzz oracle's own arithmetic, written apart from the production code it checks: nano_node's multiplier
 * formulas (numbers.cpp) against the send threshold; a work's value comes from Bouncy Castle's BLAKE2b
 * ({@link dev.nanowork.support.BouncyCastle}).
 */
final class Reference {
    static final long SEND = 0xfffffff800000000L;
    static final long RECEIVE = 0xfffffe0000000000L;
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    private Reference() {}

    /** True when {@code value} reaches {@code threshold} (both u64). */
    static boolean reaches(long value, long threshold) {
        return Long.compareUnsigned(value, threshold) >= 0;
    }

    /** A u64 as nano_node prints it: 16 lowercase hex digits. */
    static String hex(long u64) {
        return String.format("%016x", u64);
    }

    /**
     * nano_node's {@code difficulty::to_multiplier(value, send)}, {@code (-send) / (-value)} in u64 then double
     * (so a value of 0 is an infinite multiplier), printed as C's {@code %.15f} prints it.
     */
    static String multiplier(long value) {
        double numerator = unsigned(-SEND).doubleValue();
        double denominator = unsigned(-value).doubleValue();
        double m = numerator / denominator;
        if (Double.isInfinite(m)) return "inf";
        return new BigDecimal(m).setScale(15, RoundingMode.HALF_EVEN).toPlainString();
    }

    /**
     * nano_node's {@code difficulty::from_multiplier(m, send)}: {@code 2^64 - trunc((-send) / m)}, the quotient a
     * double taken as a u128; over 2^64 - 1 gives 0, and a quotient of 0 gives 2^64 - 1 when {@code m >= 1}.
     */
    static long threshold(double multiplier) {
        double quotient = unsigned(-SEND).doubleValue() / multiplier;
        if (quotient >= 0x1p64) return 0;
        BigInteger reverse = new BigDecimal(quotient).toBigInteger();
        if (reverse.signum() != 0 || multiplier < 1)
            return TWO_TO_64.subtract(reverse).longValue();
        return -1L;
    }

    private static BigInteger unsigned(long u64) {
        return new BigInteger(Long.toUnsignedString(u64));
    }
}
