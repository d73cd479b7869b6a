package dev.nanowork.fuzz;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What every answer must be: the success fields of one action, or an error the endpoint documents. */
public final class Answers {
    /** Every error an answer may carry (docs/endpoint.md and docs/reliability.md); never "Internal server error in RPC". */
    static final Set<String> ERRORS = Set.of(
            "Invalid block hash",
            "Bad work",
            "Bad difficulty",
            "Bad multiplier",
            "Bad work version",
            "Difficulty above config limit or below publish threshold",
            "Cancelled",
            "Unable to parse JSON",
            "Unknown command",
            "Can only POST requests",
            "Action not served by this deployment",
            "Work generation deadline reached",
            "Work queue full",
            "Bad duration",
            "Request too large",
            "Key required",
            "Invalid key");

    static final List<Set<String>> SUCCESS = List.of(
            Set.of("hash", "work", "difficulty", "multiplier"),
            Set.of("valid_all", "valid_receive", "difficulty", "multiplier"),
            Set.of("valid", "valid_all", "valid_receive", "difficulty", "multiplier"),
            Set.of("success"),
            Set.of(
                    "version",
                    "kernel",
                    "lanes",
                    "states",
                    "threads",
                    "c2",
                    "serves",
                    "min_difficulty",
                    "max_difficulty",
                    "searching",
                    "queued",
                    "requests_served",
                    "cpu_model",
                    "cpu_features",
                    "use_avx",
                    "max_vector_size",
                    "preferred_vector_bits"),
            Set.of(
                    "kernel",
                    "lanes",
                    "states",
                    "threads",
                    "seconds",
                    "attempts",
                    "mhs",
                    "cpu_model",
                    "cpu_flags",
                    "available_processors",
                    "jvm",
                    "jit_flags",
                    "cpu_features",
                    "use_avx",
                    "max_vector_size",
                    "preferred_vector_bits"));

    private Answers() {}

    /**
     * Fails unless {@code answer} is an error from {@link #ERRORS} (with at most a hint) or exactly the fields of one
     * action's success, every value a string; a generated work must reach the difficulty it reports, by the scalar reference.
     *
     * @return the error, or null for a success
     */
    public static String check(String input, Map<String, ?> answer) {
        if (answer == null) throw new AssertionError("no answer for " + shown(input));
        for (Map.Entry<String, ?> e : answer.entrySet()) {
            if (!(e.getValue() instanceof String))
                throw new AssertionError(
                        "value of " + e.getKey() + " is not a string: " + answer + " for " + shown(input));
        }
        if (answer.containsKey("error")) {
            String error = (String) answer.get("error");
            if (!ERRORS.contains(error))
                throw new AssertionError("undocumented error " + answer + " for " + shown(input));
            if (!Set.of("error", "hint").containsAll(answer.keySet()))
                throw new AssertionError("an error with other fields: " + answer);
            return error;
        }
        if (!SUCCESS.contains(answer.keySet()))
            throw new AssertionError("neither a success nor an error: " + answer + " for " + shown(input));
        if (answer.containsKey("work")) {
            long value =
                    WorkValue.value(Root.parse((String) answer.get("hash")), Work.parse((String) answer.get("work")));
            if (!new Difficulty(value).toString().equals(answer.get("difficulty"))) {
                throw new AssertionError(
                        "work " + answer + " has value " + new Difficulty(value) + ", not the difficulty it reports");
            }
        }
        return null;
    }

    static String shown(String input) {
        return input == null
                ? "null"
                : "'"
                        + (input.length() > 300
                                ? input.substring(0, 300) + "...' (" + input.length() + " chars)"
                                : input + "'");
    }
}
