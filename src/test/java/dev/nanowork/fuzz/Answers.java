package dev.nanowork.fuzz;

import dev.nanowork.rpc.Action;
import dev.nanowork.support.BouncyCastle;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.util.HexFormat;
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
            "Invalid key",
            "Bad account number",
            "Block is invalid",
            "Work precache refused");

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
                    "primed_mhs",
                    "raced_mhs",
                    "primed_full_speed",
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
                    "preferred_vector_bits",
                    "generating",
                    "queue_size"),
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
                    "preferred_vector_bits"),
            Set.of("hash", "precache"));

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

    /**
     * Fails unless {@code answer} is exactly what {@code expected} says: the same error (with at most a hint), or
     * the success fields of the action with their values recomputed by {@link Reference}: generated work reaches
     * the requested threshold, and valid, valid_all, valid_receive, difficulty and multiplier are the work's.
     */
    static void expect(Expected expected, Map<String, String> answer, String what) {
        if (answer == null) throw new AssertionError("no answer: " + what);
        switch (expected) {
            case Expected.Refused r -> {
                if (!r.error().equals(answer.get("error"))
                        || !Set.of("error", "hint").containsAll(answer.keySet()))
                    throw new AssertionError("expected the error " + r.error() + ", got " + answer + ": " + what);
            }
            case Expected.Generated g -> {
                String work = answer.get("work");
                if (work == null || !work.matches("[0-9a-f]{16}"))
                    throw new AssertionError("expected work for the root, got " + answer + ": " + what);
                long value = BouncyCastle.value(g.root(), Long.parseUnsignedLong(work, 16));
                Map<String, String> fields = new java.util.LinkedHashMap<>();
                fields.put("hash", HexFormat.of().withUpperCase().formatHex(g.root()));
                fields.put("work", work);
                fields.put("difficulty", Reference.hex(value));
                fields.put("multiplier", Reference.multiplier(value));
                if (!fields.equals(answer) || !Reference.reaches(value, g.threshold()))
                    throw new AssertionError("expected " + fields + " reaching " + Reference.hex(g.threshold())
                            + ", got " + answer + ": " + what);
            }
            case Expected.Validated v -> {
                long value = BouncyCastle.value(v.root(), v.work());
                Map<String, String> fields = new java.util.LinkedHashMap<>();
                if (v.requested() != null) fields.put("valid", bit(Reference.reaches(value, v.requested())));
                fields.put("valid_all", bit(Reference.reaches(value, Reference.SEND)));
                fields.put("valid_receive", bit(Reference.reaches(value, Reference.RECEIVE)));
                fields.put("difficulty", Reference.hex(value));
                fields.put("multiplier", Reference.multiplier(value));
                if (!fields.equals(answer))
                    throw new AssertionError("expected " + fields + ", got " + answer + ": " + what);
            }
            case Expected.Precached p -> {
                Map<String, String> fields =
                        Map.of("hash", HexFormat.of().withUpperCase().formatHex(p.root()), "precache", "started");
                if (!fields.equals(answer))
                    throw new AssertionError("expected " + fields + ", got " + answer + ": " + what);
            }
            case Expected.Succeeded s -> {
                Set<String> keys = switch (s.action()) {
                    case WORK_CANCEL -> SUCCESS.get(3);
                    case STATUS -> SUCCESS.get(4);
                    default -> SUCCESS.get(5);
                };
                if (!keys.equals(answer.keySet())
                        || (s.action() == Action.WORK_CANCEL
                                && !answer.get("success").isEmpty()))
                    throw new AssertionError(
                            "expected the fields of " + s.action().wireName() + ", got " + answer + ": " + what);
            }
        }
    }

    private static String bit(boolean b) {
        return b ? "1" : "0";
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
