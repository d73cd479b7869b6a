package dev.nanowork.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nanowork.work.Difficulty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DifficultyInputTest {
    @Test
    void namesThresholdsAndMultipliers() {
        assertEquals(Difficulty.SEND, DifficultyInput.parse("send").difficulty());
        assertEquals(Difficulty.RECEIVE, DifficultyInput.parse("receive").difficulty());
        assertEquals(Difficulty.EPOCH_1, DifficultyInput.parse("epoch1").difficulty());
        assertEquals(
                Difficulty.RECEIVE, DifficultyInput.parse("FFFFFE0000000000").difficulty());
        assertEquals(
                Difficulty.RECEIVE, DifficultyInput.parse("0.015625").difficulty()); // 1/64: 2^29 / 2^6 = 2^23 attempts
        assertEquals(Difficulty.SEND, DifficultyInput.parse("1").difficulty());
        assertEquals(8.0 * (1 << 29), DifficultyInput.parse("8").difficulty().expectedAttempts(), 0);
        assertEquals("send (fffffff800000000)", DifficultyInput.parse("send").label());
    }

    @ParameterizedTest
    @ValueSource(strings = {"sned", "0", "-2", "NaN", "Infinity", "fffffff80000000g", ""})
    void refusesAnythingElse(String text) {
        assertThrows(CostInputException.class, () -> DifficultyInput.parse(text));
    }
}
