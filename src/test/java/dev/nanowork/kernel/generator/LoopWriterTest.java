package dev.nanowork.kernel.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.generator.LoopWriter.Range;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a loop shape's rounds 1 to 10 are split into loops, and what each loop adds. */
class LoopWriterTest {
    @Test
    void oneLoopAddsEveryPlaceOfEveryRound() {
        List<Range> one = LoopWriter.ranges(1);
        assertEquals(List.of(new Range(1, 10, places(0, 16), 0)), one);
        assertEquals(160, LoopWriter.slots(one));
        assertEquals(110, zeroWordsAdded(one));
    }

    /** Rounds 1-3 read m0..m4 at 9 places between them, rounds 4-10 at 15: 82 zero words, the fewest for two loops. */
    @Test
    void twoLoopsSplitAfterRoundThree() {
        List<Range> two = LoopWriter.ranges(2);
        assertEquals(
                List.of(
                        new Range(1, 3, List.of(2, 3, 5, 8, 10, 11, 12, 13, 15), 0),
                        new Range(4, 10, List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15), 27)),
                two);
        assertEquals(82, zeroWordsAdded(two));
        assertEquals(58, zeroWordsAdded(LoopWriter.ranges(3)));
    }

    /** Whatever the split, each round lies in one loop, and that loop adds every place where the round's word can be non-zero. */
    @Test
    void noSplitLeavesOutANonZeroWord() {
        for (int loops = 1; loops <= 10; loops++) {
            List<Range> ranges = LoopWriter.ranges(loops);
            assertEquals(loops, ranges.size());
            int round = 1, start = 0;
            for (Range range : ranges) {
                assertEquals(round, range.first(), ranges.toString());
                assertEquals(start, range.start(), ranges.toString());
                for (int r = range.first(); r <= range.last(); r++)
                    for (int p = 0; p < 16; p++)
                        if (LoopWriter.nonZero(r, p))
                            assertTrue(range.places().contains(p), "round " + r + " place " + p + " in " + range);
                round = range.last() + 1;
                start += range.slots();
            }
            assertEquals(11, round, ranges.toString());
            assertEquals(loops == 10 ? 0 : 1, Math.min(1, zeroWordsAdded(ranges)), ranges.toString());
        }
    }

    private static List<Integer> places(int from, int to) {
        return java.util.stream.IntStream.range(from, to).boxed().toList();
    }

    /** Message words a state's loops add that are zero: every slot but the 5 non-zero words of each round. */
    private static int zeroWordsAdded(List<Range> ranges) {
        return LoopWriter.slots(ranges) - 5 * 10;
    }
}
