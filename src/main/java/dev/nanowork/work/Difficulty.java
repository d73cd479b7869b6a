package dev.nanowork.work;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A difficulty: a u64 threshold that a work value must reach (unsigned {@code value >= threshold}),
 * and the multiplier arithmetic nano_node uses to relate two of them. All threshold and multiplier
 * math lives here.
 */
public record Difficulty(long threshold) implements Comparable<Difficulty> {
    /** Hex digits of a difficulty as printed; a request may leave out leading zeros. */
    public static final int HEX_LENGTH = 16;

    /** Send / change blocks; nano_node's base for every multiplier. Expected 2^29 attempts. */
    public static final Difficulty SEND = new Difficulty(0xfffffff800000000L);
    /** Legacy epoch 1 blocks. Expected 2^26 attempts. */
    public static final Difficulty EPOCH_1 = new Difficulty(0xffffffc000000000L);
    /** Receive / open / epoch 2 blocks, the lowest the network publishes. Expected 2^23 attempts. */
    public static final Difficulty RECEIVE = new Difficulty(0xfffffe0000000000L);
    /** Multipliers are always relative to this threshold. */
    public static final Difficulty BASE = SEND;

    /** 2^64 as a double, exactly. */
    private static final double TWO_TO_64 = 0x1p64;

    /**
     * Parses 1 to 16 hex digits, either case, as nano_node's RPC reads them ({@link Hex#u64Number}).
     *
     * @throws IllegalArgumentException for anything else, saying what is wrong
     */
    public static Difficulty parse(String hex) {
        return new Difficulty(Hex.u64Number(hex));
    }

    /** The difficulty whose multiplier against {@link #BASE} is {@code multiplier}. */
    public static Difficulty fromMultiplier(double multiplier) {
        return new Difficulty(fromMultiplier(multiplier, BASE.threshold));
    }

    /** True when a work value of {@code value} reaches this threshold. */
    public boolean isReachedBy(long value) {
        return Long.compareUnsigned(value, threshold) >= 0;
    }

    /** This difficulty's multiplier against {@link #BASE}. */
    public double multiplier() {
        return toMultiplier(threshold, BASE.threshold);
    }

    /** The mean number of attempts a search needs: 2^64 / (2^64 - threshold). */
    public double expectedAttempts() {
        return TWO_TO_64 / (threshold == 0 ? TWO_TO_64 : unsignedToDouble(-threshold));
    }

    /** 16 lowercase hex digits, as nano_node prints it. */
    @Override
    public String toString() {
        return Hex.u64(threshold);
    }

    @Override
    public int compareTo(Difficulty other) {
        return Long.compareUnsigned(threshold, other.threshold);
    }

    /**
     * nano_node's {@code difficulty::to_multiplier}: {@code (2^64 - base) / (2^64 - difficulty)} with the
     * subtractions in u64 arithmetic (so a difficulty of 0 gives an infinite multiplier, as there).
     */
    public static double toMultiplier(long difficulty, long base) {
        return unsignedToDouble(-base) / unsignedToDouble(-difficulty);
    }

    /**
     * nano_node's {@code difficulty::from_multiplier}: {@code 2^64 - floor((2^64 - base) / m)}, the
     * quotient taken as a u128; a quotient above 2^64 - 1 gives 0, and a quotient of 0 (a multiplier so
     * large nothing is left) gives 2^64 - 1 unless the base is 0 or the multiplier is below 1.
     *
     * @param multiplier positive and finite; callers check this, as nano_node's RPC does
     */
    public static long fromMultiplier(double multiplier, long base) {
        double reverse = Math.floor(unsignedToDouble(-base) / multiplier);
        if (reverse >= TWO_TO_64) return 0;
        long reverseU64 = doubleToUnsigned(reverse);
        if (reverseU64 != 0 || base == 0 || multiplier < 1.0) return -reverseU64;
        return -1L; // 2^64 - 1
    }

    /**
     * A multiplier as nano_node prints it: fixed, 15 decimals, rounded from the double's exact binary
     * value half-to-even (what C's {@code printf("%.15f")} does; Java's {@code %.15f} rounds a shortest
     * decimal form instead and can differ in the last digit). A difficulty of 0 has an infinite
     * multiplier, which C prints {@code inf} (found by the fuzz tests: a configured minimum of 0).
     */
    public static String formatMultiplier(double multiplier) {
        if (Double.isInfinite(multiplier)) return multiplier > 0 ? "inf" : "-inf";
        if (Double.isNaN(multiplier)) return "nan";
        return new BigDecimal(multiplier).setScale(15, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** A u64 as the nearest double (what a C++ {@code static_cast<double>(uint64_t)} gives). */
    static double unsignedToDouble(long u) {
        if (u >= 0) return u;
        // Halve with the low bit folded in (round-to-odd) so the final rounding to 53 bits is still correct.
        return ((double) ((u >>> 1) | (u & 1))) * 2.0;
    }

    /** A non-negative integral double below 2^64 as a u64. */
    private static long doubleToUnsigned(double d) {
        if (d < 0x1p63) return (long) d;
        return ((long) (d - 0x1p63)) ^ Long.MIN_VALUE;
    }
}
