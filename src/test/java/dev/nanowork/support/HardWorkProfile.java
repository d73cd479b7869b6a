package dev.nanowork.support;

import java.time.Duration;

/**
 * A keyed endpoint whose searches cannot succeed: work no search finds within a 3 s deadline, and 3 s benchmarks.
 * A search then shows in {@code status} for seconds and ends with the deadline's answer, which is what the tests
 * of refusals (no search started) and of deadlines (when a search stops) look for. Shared, so Quarkus starts once.
 */
public class HardWorkProfile extends SettingsProfile {
    public static final String KEY = "http-route-key-90d2-0123456789abcdefghijkl";
    /** The operator's key: status details (what is searching) are the operator's to read. */
    public static final String OPERATOR_KEY = "http-route-operator-key-3e1f-0123456789abcdef";

    public static final String HASH = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    /** 2^56 attempts: never found within the deadline. */
    public static final String HARD = "ffffffffffffff00";
    /** Each search's deadline and each benchmark's duration: far longer than a refusal and a status take. */
    public static final Duration DEADLINE = Duration.ofSeconds(3);

    public HardWorkProfile() {
        super(settings(DEADLINE));
    }

    /** The same endpoint with other settings: {@link #settings} and more. */
    protected HardWorkProfile(Settings settings) {
        super(settings);
    }

    /** The keys, and work no search finds within {@code deadline}, which is also each benchmark's duration. */
    public static Settings settings(Duration deadline) {
        return Settings.NONE
                .with("nano-work.auth.key", KEY)
                .with("nano-work.auth.operator-key", OPERATOR_KEY)
                .with("nano-work.min-difficulty", "0000000000000000")
                .with("nano-work.max-difficulty", HARD)
                .with("nano-work.deadline", deadline)
                .with("nano-work.benchmark.duration", deadline)
                .with("nano-work.benchmark.max-duration", deadline);
    }

    /** A body for {@code action} that would search (generate, benchmark) for the whole deadline if let in. */
    public static String body(String action, String keyField) {
        return "{\"action\":\"" + action + "\",\"hash\":\"" + HASH
                + "\",\"work\":\"2bf29ef00786a6bc\",\"difficulty\":\"" + HARD + "\",\"duration\":\""
                + DEADLINE.toSeconds() + "\"" + keyField + "}";
    }
}
