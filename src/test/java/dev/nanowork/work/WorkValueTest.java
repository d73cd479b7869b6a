package dev.nanowork.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.BouncyCastle;
import dev.nanowork.support.Vectors;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WorkValueTest {

    @Test
    void everyPublishedWorkValue() {
        List<Map<String, String>> rows = Vectors.read("work-values.csv");
        for (Map<String, String> row : rows) {
            Root root = Root.parse(row.get("root"));
            Work work = Work.parse(row.get("work"));
            assertEquals(row.get("difficulty"), Hex.u64(WorkValue.value(root, work)), row.get("source"));
        }
        assertEquals(11, rows.size(), "rows checked in work-values.csv");
    }

    @Test
    void firstNonceCountingUpFromZero() {
        List<Map<String, String>> rows = Vectors.read("first-nonce.csv");
        for (Map<String, String> row : rows) {
            Root root = Root.parse(row.get("root"));
            Difficulty threshold = Difficulty.parse(row.get("threshold"));
            long work = 0;
            while (!WorkValue.isValid(root, work, threshold)) work++;
            assertEquals(row.get("first_work"), new Work(work).toString());
            assertEquals(row.get("difficulty"), Hex.u64(WorkValue.value(root, work)));
        }
        assertEquals(2, rows.size(), "rows checked in first-nonce.csv");
    }

    @Test
    void agreesWithAGeneralBlake2bOnRandomAndEdgeInputs() {
        SplittableRandom random = new SplittableRandom(0x6e616e6fL);
        long[] edgeWorks = {0L, 1L, 2L, Long.MIN_VALUE /* 2^63 */, -1L /* 2^64 - 1 */, Long.MAX_VALUE};
        int checked = 0;
        for (int i = 0; i < 10_000; i++) {
            byte[] rootBytes = new byte[32];
            random.nextBytes(rootBytes);
            if (i == 0) rootBytes = new byte[32]; // all-zero root
            if (i == 1) java.util.Arrays.fill(rootBytes, (byte) 0xff); // all-ones root
            Root root = Root.of(rootBytes);
            long work = i < edgeWorks.length * 2 ? edgeWorks[i % edgeWorks.length] : random.nextLong();
            assertEquals(
                    BouncyCastle.value(rootBytes, work),
                    WorkValue.value(root, work),
                    () -> "root " + root + " work " + new Work(work));
            checked++;
        }
        assertEquals(10_000, checked);
    }

    @Test
    void validityIsAnUnsignedComparison() {
        Root root = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2");
        Work work = Work.parse("2b3d689bbcb21dca"); // value fffffff93c41ec94
        assertTrue(WorkValue.isValid(root, work.value(), Difficulty.SEND));
        assertTrue(WorkValue.isValid(root, work.value(), new Difficulty(0xfffffff93c41ec94L)));
        assertFalse(WorkValue.isValid(root, work.value(), new Difficulty(0xfffffff93c41ec95L)));
        assertFalse(WorkValue.isValid(root, work.value(), new Difficulty(-1L)));
    }
}
