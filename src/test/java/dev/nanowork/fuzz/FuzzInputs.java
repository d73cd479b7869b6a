package dev.nanowork.fuzz;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The hostile bodies the fuzz tests send: random bytes, random JSON, and valid requests of every action
 * with structure-aware mutations (a field dropped, retyped, nested, made huge; the text cut or spliced).
 * Each input is drawn from a {@link Random} the caller seeds, so a failing input is reproduced from its seed.
 */
public final class FuzzInputs {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String H = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    static final String W = "2bf29ef00786a6bc";
    /** Below the fuzz RPC's tiny maximum (ff00000000000000, ~256 attempts): generate mutations find work fast. */
    static final String LOW = "f000000000000000";

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
    static final List<String> ACTIONS = List.of("work_generate", "work_validate", "work_cancel", "status", "benchmark");

    private FuzzInputs() {}

    /** Any bytes, read as UTF-8 (invalid sequences become U+FFFD, as the HTTP layer reads them). */
    public static String randomBytes(Random random) {
        byte[] bytes = new byte[random.nextInt(401)];
        random.nextBytes(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** A random JSON document, mostly an object with the request's field names. */
    public static String randomJson(Random random) {
        return write(random.nextInt(9) < 8 ? object(3, random) : value(3, random));
    }

    /** A valid request of any action with 1 to 4 mutations, then sometimes a cut or splice of its text. */
    public static String mutatedRequest(Random random) {
        Map<String, Object> request = valid(ACTIONS.get(random.nextInt(ACTIONS.size())));
        int mutations = 1 + random.nextInt(4);
        for (int i = 0; i < mutations; i++) mutate(request, random);
        String text = write(request);
        return random.nextInt(5) == 0 ? spliceText(text, random) : text;
    }

    /** One of the three kinds, equally often. */
    public static String any(Random random) {
        return switch (random.nextInt(3)) {
            case 0 -> randomBytes(random);
            case 1 -> randomJson(random);
            default -> mutatedRequest(random);
        };
    }

    static Map<String, Object> valid(String action) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("action", action);
        switch (action) {
            case "work_generate" -> {
                r.put("hash", H);
                r.put("difficulty", LOW);
            }
            case "work_validate" -> {
                r.put("hash", H);
                r.put("work", W);
                r.put("difficulty", "fffffe0000000000");
            }
            case "work_cancel" -> r.put("hash", H);
            case "benchmark" -> r.put("duration", "0.001");
            default -> {}
        }
        return r;
    }

    static void mutate(Map<String, Object> request, Random random) {
        List<String> keys = new ArrayList<>(request.keySet());
        String key = keys.isEmpty() || random.nextInt(4) == 0
                ? FIELDS.get(random.nextInt(FIELDS.size()))
                : keys.get(random.nextInt(keys.size()));
        Object old = request.get(key);
        switch (random.nextInt(10)) {
            case 0 -> request.remove(key);
            case 1 -> request.put(key, randomLeaf(random));
            case 2 ->
                request.put(
                        key,
                        old instanceof String s ? mutateString(s, random) : mutateString(String.valueOf(old), random));
            case 3 -> request.put(key, List.of(old == null ? "x" : old));
            case 4 -> request.put(key, Map.of("value", old == null ? 0 : old));
            case 5 -> request.put(key, nest(random.nextInt(40), random));
            case 6 -> request.put(key, "f".repeat(1 + random.nextInt(9000)));
            case 7 -> request.put(key, null);
            case 8 ->
                request.put(
                        key,
                        random.nextBoolean()
                                ? random.nextLong()
                                : random.nextDouble() * Math.pow(10, random.nextInt(40) - 20));
            default -> request.put(key.toUpperCase(), old);
        }
    }

    static String mutateString(String s, Random random) {
        StringBuilder b = new StringBuilder(s);
        switch (random.nextInt(7)) {
            case 0 -> {
                if (b.length() > 0) b.deleteCharAt(random.nextInt(b.length()));
            }
            case 1 -> b.insert(random.nextInt(b.length() + 1), (char) random.nextInt(0x3000));
            case 2 -> {
                if (b.length() > 0)
                    b.setCharAt(random.nextInt(b.length()), "0123456789abcdefABCDEFgxz -.".charAt(random.nextInt(28)));
            }
            case 3 -> b.append(s);
            case 4 -> b.setLength(random.nextInt(b.length() + 1));
            case 5 -> {
                return s.toUpperCase();
            }
            default -> b.insert(0, random.nextBoolean() ? "0x" : " ");
        }
        return b.toString();
    }

    static Object nest(int depth, Random random) {
        Object v = randomLeaf(random);
        for (int i = 0; i < depth; i++) v = random.nextBoolean() ? List.of(v) : Map.of("a", v);
        return v;
    }

    static Object randomLeaf(Random random) {
        return switch (random.nextInt(9)) {
            case 0 -> random.nextLong();
            case 1 -> random.nextDouble();
            case 2 -> random.nextBoolean();
            case 3 -> "";
            case 4 ->
                List.of("NaN", "Infinity", "-1", "0", "1e400", "1.5", "64", "work_1", "work_2", H, W, LOW)
                        .get(random.nextInt(12));
            case 5 -> ACTIONS.get(random.nextInt(ACTIONS.size()));
            case 6 -> Long.toHexString(random.nextLong());
            case 7 -> H.substring(0, random.nextInt(H.length()));
            default -> new String(new char[] {(char) random.nextInt(0xD800), (char) random.nextInt(0x80)});
        };
    }

    /** Cuts the text, duplicates a part of it, or inserts a character at a random place. */
    static String spliceText(String text, Random random) {
        int at = random.nextInt(text.length() + 1);
        return switch (random.nextInt(4)) {
            case 0 -> text.substring(0, at);
            case 1 -> text.substring(0, at) + text.substring(random.nextInt(text.length() + 1));
            case 2 -> text.substring(0, at) + "{}[],:\"\\".charAt(random.nextInt(8)) + text.substring(at);
            default -> "[" + text + "]";
        };
    }

    static Object value(int depth, Random random) {
        if (depth > 0) {
            int shape = random.nextInt(8);
            if (shape == 0) {
                List<Object> list = new ArrayList<>();
                for (int i = random.nextInt(5); i > 0; i--) list.add(value(depth - 1, random));
                return list;
            }
            if (shape == 1) return object(depth - 1, random);
        }
        return switch (random.nextInt(7)) {
            case 0 -> randomText(random, "", 80);
            case 1 -> randomText(random, "0123456789abcdefABCDEF", 70);
            case 2 ->
                List.of(
                                "work_generate",
                                "work_validate",
                                "work_cancel",
                                "status",
                                "benchmark",
                                "work_1",
                                H,
                                W,
                                LOW,
                                "NaN",
                                "-0",
                                "1e400",
                                "")
                        .get(random.nextInt(13));
            case 3 -> random.nextLong();
            case 4 -> random.nextBoolean() ? random.nextDouble() : Double.longBitsToDouble(random.nextLong());
            case 5 -> random.nextBoolean();
            default -> null;
        };
    }

    static Map<String, Object> object(int depth, Random random) {
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = random.nextInt(7); i > 0; i--) {
            String key = random.nextBoolean() ? FIELDS.get(random.nextInt(FIELDS.size())) : randomText(random, "", 12);
            object.put(key, value(depth == 0 ? 0 : depth - 1, random));
        }
        return object;
    }

    /** Up to {@code max} characters from {@code alphabet}, or any BMP characters when it is empty. */
    static String randomText(Random random, String alphabet, int max) {
        StringBuilder b = new StringBuilder();
        for (int i = random.nextInt(max + 1); i > 0; i--) {
            b.append(
                    alphabet.isEmpty()
                            ? (char) random.nextInt(0xD800)
                            : alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return b.toString();
    }

    static String write(Object document) {
        try {
            return JSON.writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
