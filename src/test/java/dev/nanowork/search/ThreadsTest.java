package dev.nanowork.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ThreadsTest {
    private static int onLambda(int memoryMb, int cpus) {
        return Threads.resolve("auto", cpus, Map.of("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(memoryMb)));
    }

    @Test
    void autoOnLambdaIsTheCpuItPaysFor() {
        assertEquals(1, onLambda(128, 2), "2 CPUs are visible from 128 MB, but only a fraction is paid for");
        assertEquals(1, onLambda(1769, 2), "1,769 MB buys one vCPU");
        assertEquals(2, onLambda(1770, 2));
        assertEquals(2, onLambda(3538, 2));
        assertEquals(6, onLambda(10240, 6), "ceil(10240 / 1769) = 6");
        assertEquals(3, onLambda(10240, 3), "never more than the visible CPUs");
    }

    @Test
    void autoElsewhereIsEveryCpu() {
        assertEquals(8, Threads.resolve("auto", 8, Map.of()));
        assertEquals(8, Threads.resolve(" AUTO ", 8, Map.of()));
        assertEquals(8, Threads.resolve(null, 8, Map.of()));
    }

    @Test
    void anExplicitCount() {
        assertEquals(3, Threads.resolve("3", 8, Map.of("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "128")));
        for (String bad : new String[] {"0", "-1", "two", ""}) {
            assertThrows(IllegalArgumentException.class, () -> Threads.resolve(bad, 8, Map.of()), bad);
        }
    }
}
