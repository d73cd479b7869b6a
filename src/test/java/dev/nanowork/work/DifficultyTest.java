package dev.nanowork.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.Vectors;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DifficultyTest {

    @Test
    void everyMultiplierVector() {
        List<Map<String, String>> rows = Vectors.read("multipliers.csv");
        int to = 0, from = 0, format = 0;
        for (Map<String, String> row : rows) {
            long base = Difficulty.parse(row.get("base")).threshold();
            long difficulty = Difficulty.parse(row.get("difficulty")).threshold();
            String multiplier = row.get("multiplier");
            String why = row.get("direction") + " " + row.get("difficulty") + " " + row.get("source");
            switch (row.get("direction")) {
                case "to_multiplier" -> {
                    assertEquals(
                            multiplier, Difficulty.formatMultiplier(Difficulty.toMultiplier(difficulty, base)), why);
                    to++;
                }
                case "from_multiplier" -> {
                    assertEquals(
                            Hex.u64(difficulty),
                            Hex.u64(Difficulty.fromMultiplier(Double.parseDouble(multiplier), base)),
                            why);
                    from++;
                }
                case "format_multiplier" -> {
                    assertEquals(
                            multiplier, Difficulty.formatMultiplier(Difficulty.toMultiplier(difficulty, base)), why);
                    format++;
                }
                default -> throw new AssertionError("unknown direction in " + row);
            }
        }
        assertEquals(4, to, "to_multiplier rows");
        assertEquals(10, from, "from_multiplier rows");
        assertEquals(2, format, "format_multiplier rows");
    }

    @Test
    void liveThresholdsAndTheirMultipliers() {
        assertEquals("fffffff800000000", Difficulty.SEND.toString());
        assertEquals("ffffffc000000000", Difficulty.EPOCH_1.toString());
        assertEquals("fffffe0000000000", Difficulty.RECEIVE.toString());
        assertEquals("1.000000000000000", Difficulty.formatMultiplier(Difficulty.SEND.multiplier()));
        assertEquals("0.125000000000000", Difficulty.formatMultiplier(Difficulty.EPOCH_1.multiplier()));
        assertEquals("0.015625000000000", Difficulty.formatMultiplier(Difficulty.RECEIVE.multiplier()));
        assertEquals(0x1p29, Difficulty.SEND.expectedAttempts());
        assertEquals(0x1p26, Difficulty.EPOCH_1.expectedAttempts());
        assertEquals(0x1p23, Difficulty.RECEIVE.expectedAttempts());
    }

    @Test
    void roundTripsThroughTheMultiplier() {
        for (Difficulty d : new Difficulty[] {Difficulty.SEND, Difficulty.EPOCH_1, Difficulty.RECEIVE}) {
            assertEquals(d, Difficulty.fromMultiplier(d.multiplier()));
        }
    }

    @Test
    void orderIsUnsigned() {
        assertTrue(Difficulty.RECEIVE.compareTo(Difficulty.SEND) < 0);
        assertTrue(new Difficulty(1).compareTo(new Difficulty(-1L)) < 0);
    }

    @Test
    void unsignedToDoubleRoundsLikeCpp() {
        assertEquals(0x1p64, Difficulty.unsignedToDouble(-1L));
        assertEquals(0x1p63, Difficulty.unsignedToDouble(Long.MIN_VALUE));
        // 2^63 + 2^10 + 1 is just past the midpoint between two doubles 2^11 apart: it must round up.
        assertEquals(0x1p63 + 0x1p11, Difficulty.unsignedToDouble(Long.MIN_VALUE + (1L << 10) + 1));
    }
}
