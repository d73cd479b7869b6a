package dev.nanowork.fuzz;

import dev.nanowork.rpc.Action;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Values for each request field, good and bad, each made so that the generator knows its verdict: it wrote the
 * digits, the prefix, the length. The rules they encode are nano_node's as docs/endpoint.md states them: a
 * {@code hash} is 64 hex digits; a {@code work} or {@code difficulty} 1 to 16 hex digits and nothing else (a
 * JSON number counts by its digits); a {@code multiplier} a plain positive decimal; {@code version} is
 * {@code work_1}; a benchmark {@code duration} is seconds in (0, the fuzz RPC's 1 ms]. An object or array, a
 * boolean, or an empty string is refused by every field; {@code null} is an absent field.
 */
final class FieldValues {
    static final List<String> FIELDS = List.of(
            "action",
            "hash",
            "work",
            "difficulty",
            "multiplier",
            "version",
            "key",
            "use_peers",
            "account",
            "block",
            "json_block",
            "duration");
    static final String HEX = "0123456789abcdef";
    /** Characters that are not hex digits, among them the ones a stream would read: space, sign, x. */
    static final String NOT_HEX = "gGxXzZ -+.\t_\u00e9";

    private FieldValues() {}

    /** A value for {@code field}: mostly of its own kind (good or bad), sometimes one any field refuses or drops. */
    static Sent of(String field, Random random) {
        if (random.nextInt(6) == 0) return anyField(random);
        return switch (field) {
            case "hash" -> hash(random);
            case "work", "difficulty" -> u64(random);
            case "multiplier" -> multiplier(random);
            case "version" ->
                random.nextBoolean()
                        ? Sent.good("work_1", "work_1")
                        : pick(random, "work_2", "WORK_1", "work_1 ", " work_1", "work1", 1L);
            case "duration" -> duration(random);
            case "action" -> action(random);
            default -> Sent.good(FuzzInputs.value(2, random), null); // not read: only its size matters
        };
    }

    /** One action, each as likely (drawn from a list: the enum's order means nothing here). */
    static Action anyAction(Random random) {
        List<Action> actions = List.of(Action.values());
        return actions.get(random.nextInt(actions.size()));
    }

    /** What every field refuses or drops: null (absent), a boolean, an empty string, an object or array. */
    static Sent anyField(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> Sent.absent();
            case 1 -> Sent.bad(random.nextBoolean());
            case 2 -> Sent.bad("");
            default -> Sent.bad(nest(1 + random.nextInt(Sent.DEEPEST_WITHIN), random));
        };
    }

    /** A value over a request limit: nested 16 to 40 levels, or a string of 4097 to 9000 characters. */
    static Sent overLimit(Random random) {
        return random.nextBoolean()
                ? Sent.bad(nest(Sent.DEEPEST_WITHIN + 1 + random.nextInt(25), random))
                : Sent.bad("f".repeat(Sent.LONGEST_WITHIN + 1 + random.nextInt(9000 - Sent.LONGEST_WITHIN)));
    }

    /** {@code depth} levels of arrays and objects around a short scalar. */
    static Object nest(int depth, Random random) {
        Object v = random.nextBoolean() ? (Object) random.nextLong() : "x";
        for (int i = 0; i < depth; i++) v = random.nextBoolean() ? List.of(v) : Map.of("a", v);
        return v;
    }

    static Sent hash(Random random) {
        byte[] root = new byte[32];
        random.nextBytes(root);
        String text = mixedCase(HexFormat.of().formatHex(root), random);
        return switch (random.nextInt(10)) {
            case 0 -> Sent.bad(text.substring(0, random.nextInt(64))); // cut, down to empty
            case 1 -> Sent.bad(text + hexDigits(1 + random.nextInt(8), random)); // too long
            case 2 -> Sent.bad(withNonHex(text, random));
            case 3 -> Sent.bad("0x" + text.substring(2)); // 64 characters, with a prefix
            case 4 -> Sent.bad(random.nextBoolean() ? " " + text.substring(1) : text + " ");
            case 5 -> Sent.bad(random.nextLong()); // a JSON number is at most 20 digits
            default -> Sent.good(text, root);
        };
    }

    /** A work or difficulty: 1 to 16 hex digits of the number, either case, as nano_node's from_string_hex. */
    static Sent u64(Random random) {
        long v = random.nextLong() >>> random.nextInt(64);
        String digits = Long.toHexString(v);
        String good = mixedCase("0".repeat(random.nextInt(17 - digits.length())) + digits, random);
        String some = hexDigits(1 + random.nextInt(14), random);
        return switch (random.nextInt(14)) {
            case 0 -> Sent.bad("0".repeat(17 + random.nextInt(4) - good.length()) + good); // 17 to 20 digits
            case 1 -> Sent.bad((random.nextBoolean() ? "0x" : "0X") + some);
            case 2 -> Sent.bad((random.nextBoolean() ? "-" : "+") + some);
            case 3 -> Sent.bad(random.nextBoolean() ? " " + some : some + (random.nextBoolean() ? " " : "\t"));
            case 4 -> pick(random, "0x", "0X", "-", "+", " "); // nano_node reads these as 0 or an unset variable
            case 5 -> Sent.bad(withNonHex(good, random));
            case 6 -> Sent.bad(-1 - (random.nextLong() >>> 1)); // a negative JSON number
            case 7 -> Sent.bad(10_000_000_000_000_000L + (random.nextLong() >>> 2)); // a JSON number of 17+ digits
            case 8 -> Sent.bad(random.nextDouble() * 1e6); // a JSON number with a '.'
            case 9 -> {
                long n = (random.nextLong() >>> 1) % 10_000_000_000_000_000L; // up to 16 digits, read as hex
                yield Sent.good(n, Long.parseUnsignedLong(Long.toString(n), 16));
            }
            default -> Sent.good(good, v);
        };
    }

    /** A plain positive decimal (text or JSON number), meaning its threshold by nano_node's from_multiplier. */
    static Sent multiplier(Random random) {
        return switch (random.nextInt(8)) {
            case 0, 1 ->
                pick(
                        random,
                        "0",
                        "0.0",
                        "000",
                        "0e5",
                        "-1",
                        "-0.5",
                        "+2",
                        " 2",
                        "2 ",
                        "2d",
                        "2f",
                        "0x1p1",
                        "1,5",
                        "NaN",
                        "Infinity",
                        "1e400",
                        "1e-400",
                        ".",
                        "e5",
                        "1e",
                        "1.2.3",
                        -2L,
                        0L);
            case 2 -> {
                long n = 1L + random.nextInt(1000); // a JSON integer
                yield Sent.good(n, Reference.threshold((double) n));
            }
            case 3 -> {
                double m =
                        Math.scalb(1 + random.nextDouble(), -random.nextInt(40)); // 2^-39 to 2: often within the limit
                yield Sent.good(m, Reference.threshold(m));
            }
            default -> {
                // [digits][.digits][e[-+]digits], the first digit non-zero: positive, finite, not underflowing.
                String whole = random.nextBoolean() ? "" : (1 + random.nextInt(9)) + digits(random.nextInt(4), random);
                String fraction = whole.isEmpty()
                        ? "." + (1 + random.nextInt(9)) + digits(random.nextInt(6), random)
                        : random.nextBoolean() ? "." + digits(random.nextInt(6), random) : "";
                String exponent = random.nextBoolean()
                        ? ""
                        : (random.nextBoolean() ? "e" : "E")
                                + pick(random, "", "-", "+").json()
                                + random.nextInt(12);
                String text = whole + fraction + exponent;
                yield Sent.good(text, Reference.threshold(Double.parseDouble(text))); // the number the text writes
            }
        };
    }

    /** Seconds in (0, 0.001] are good on the fuzz RPC (its benchmark max-duration is 1 ms). */
    static Sent duration(Random random) {
        return random.nextBoolean()
                ? Sent.good(
                        pick(random, "0.000001", "0.0005", "0.001", "1e-4", ".0002", 0.0005)
                                .json(),
                        null)
                : Sent.bad(pick(random, "0", "-0.0001", "0.0011", "1", "abc", "NaN", "-Infinity", 5L, -1L)
                        .json());
    }

    static Sent action(Random random) {
        if (random.nextInt(5) == 0) return pick(random, "work_frobnicate", "Work_generate", " status", "status ", 7L);
        Action a = anyAction(random);
        return Sent.good(a.wireName(), a);
    }

    /** One of {@code values}, refused by the field it is put in. */
    static Sent pick(Random random, Object... values) {
        return Sent.bad(values[random.nextInt(values.length)]);
    }

    static String digits(int n, Random random) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) b.append((char) ('0' + random.nextInt(10)));
        return b.toString();
    }

    static String hexDigits(int n, Random random) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) b.append(HEX.charAt(random.nextInt(16)));
        return mixedCase(b.toString(), random);
    }

    static String mixedCase(String hex, Random random) {
        return switch (random.nextInt(3)) {
            case 0 -> hex.toUpperCase(Locale.ROOT);
            case 1 -> hex;
            default -> {
                StringBuilder b = new StringBuilder(hex);
                for (int i = 0; i < b.length(); i++)
                    if (random.nextBoolean()) b.setCharAt(i, Character.toUpperCase(b.charAt(i)));
                yield b.toString();
            }
        };
    }

    /** {@code text} with one character replaced by one that is not a hex digit. */
    static String withNonHex(String text, Random random) {
        StringBuilder b = new StringBuilder(text);
        b.setCharAt(random.nextInt(b.length()), NOT_HEX.charAt(random.nextInt(NOT_HEX.length())));
        return b.toString();
    }
}
