package dev.nanowork.rpc;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The actions this endpoint answers, by their nano_node wire names, and which deployment serves each:
 * the same {@code function.zip} runs as the generate deployment (large memory, every vCPU) and as the
 * validate deployment (small memory), told apart by the {@code serve} setting.
 */
public enum Action {
    WORK_GENERATE(Role.GENERATE),
    WORK_CANCEL(Role.GENERATE),
    /** Our extension (nano_node's clients never send it): work searched before a wallet asks for it. */
    WORK_PRECACHE(Role.GENERATE),
    /** Burns every thread for seconds: only where searches run. */
    BENCHMARK(Role.GENERATE),
    WORK_VALIDATE(Role.VALIDATE),
    /** For operators, on every deployment. */
    STATUS(Role.ANY);

    private enum Role {
        GENERATE,
        VALIDATE,
        ANY
    }

    private final Role role;

    Action(Role role) {
        this.role = role;
    }

    /** The {@code action} value on the wire, e.g. {@code work_generate}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Action> fromWire(String name) {
        return Arrays.stream(values()).filter(a -> a.wireName().equals(name)).findFirst();
    }

    /**
     * The actions a {@code serve} setting ({@code generate}, {@code validate} or {@code both}) answers.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static Set<Action> served(String setting) {
        String s = setting == null ? "" : setting.strip().toLowerCase(Locale.ROOT);
        Set<Action> served = EnumSet.noneOf(Action.class);
        for (Action a : values()) {
            boolean yes = switch (s) {
                case "both" -> true;
                case "generate" -> a.role != Role.VALIDATE;
                case "validate" -> a.role != Role.GENERATE;
                default ->
                    throw new IllegalArgumentException(
                            "nano-work.serve must be one of generate | validate | both, was '" + setting + "'");
            };
            if (yes) served.add(a);
        }
        return served;
    }
}
