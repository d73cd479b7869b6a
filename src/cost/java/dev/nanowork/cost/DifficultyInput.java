package dev.nanowork.cost;

import dev.nanowork.work.Difficulty;
import java.util.Locale;

/**
 * The report's difficulty: {@code send}, {@code receive}, {@code epoch1}, a 16-hex threshold, or a
 * multiplier against the send threshold (e.g. {@code 8}, {@code 0.125}).
 */
public record DifficultyInput(Difficulty difficulty, String label) {

    public static DifficultyInput parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        switch (t) {
            case "send", "change" -> {
                return named("send", Difficulty.SEND);
            }
            case "receive", "open" -> {
                return named("receive", Difficulty.RECEIVE);
            }
            case "epoch1", "epoch_1", "epoch-1" -> {
                return named("epoch 1", Difficulty.EPOCH_1);
            }
            default -> {}
        }
        if (t.length() == Difficulty.HEX_LENGTH) {
            try {
                Difficulty d = Difficulty.parse(t);
                return new DifficultyInput(d, d.toString());
            } catch (IllegalArgumentException e) {
                // not hex: may still be a multiplier such as 1.000000000000
            }
        }
        double multiplier;
        try {
            multiplier = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new CostInputException(
                    "difficulty \"" + text + "\": expected send, receive, epoch1, 16 hex digits or a multiplier");
        }
        if (!(multiplier > 0) || !Double.isFinite(multiplier)) {
            throw new CostInputException("difficulty \"" + text + "\": a multiplier must be positive and finite");
        }
        Difficulty d = Difficulty.fromMultiplier(multiplier);
        return new DifficultyInput(d, "multiplier " + text.strip() + " (" + d + ")");
    }

    private static DifficultyInput named(String name, Difficulty d) {
        return new DifficultyInput(d, name + " (" + d + ")");
    }
}
