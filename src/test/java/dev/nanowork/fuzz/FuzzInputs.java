package dev.nanowork.fuzz;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.RpcError;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * The hostile bodies the fuzz tests send, each with the answer it must get ({@link FuzzCase}, {@link Expected}):
 * random bytes, random JSON, and valid requests of every action with structure-aware mutations (a field dropped,
 * given a good or bad value of its kind or one any field refuses, made huge or deep, sent twice, copied under
 * another name; the text cut, followed by more, wrapped). Each input is drawn from a {@link Random} the caller
 * seeds, so a failing input is reproduced from its seed.
 */
public final class FuzzInputs {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String H = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    static final String W = "2bf29ef00786a6bc";
    /** Below the fuzz RPC's tiny maximum (ff00000000000000, ~256 attempts): generate requests find work fast. */
    static final String LOW = "f000000000000000";
    /** Characters that may begin a JSON text (after whitespace or a byte order mark). */
    static final String JSON_START = "{[\"-0123456789tfn";

    private FuzzInputs() {}

    /**
     * Any bytes, read as UTF-8 (invalid sequences become U+FFFD, as the HTTP layer reads them), made never to be
     * JSON: a character that could begin a JSON text is replaced. Random bytes are a valid object only by a small
     * chance, but then the answer would hang on what the object holds.
     */
    public static FuzzCase randomBytes(Random random) {
        byte[] bytes = new byte[random.nextInt(401)];
        random.nextBytes(bytes);
        StringBuilder text = new StringBuilder(new String(bytes, StandardCharsets.UTF_8));
        int i = 0;
        while (i < text.length() && " \t\r\n\uFEFF".indexOf(text.charAt(i)) >= 0) i++;
        if (i < text.length() && JSON_START.indexOf(text.charAt(i)) >= 0) text.setCharAt(i, '#');
        return FuzzCase.refused(text.toString(), RpcError.UNABLE_TO_PARSE_JSON, text.isEmpty());
    }

    /** A random JSON document: mostly an object of request fields and other names, else another JSON value. */
    public static FuzzCase randomJson(Random random) {
        if (random.nextInt(9) == 0) {
            Object v = random.nextBoolean()
                    ? java.util.Arrays.asList(value(2, random), value(2, random))
                    : value(0, random);
            return FuzzCase.refused(write(v), RpcError.UNABLE_TO_PARSE_JSON, v == null);
        }
        List<Map.Entry<String, Sent>> entries = new ArrayList<>();
        for (int i = random.nextInt(7); i > 0; i--) {
            String key = random.nextBoolean()
                    ? FieldValues.FIELDS.get(random.nextInt(FieldValues.FIELDS.size()))
                    : otherName(random);
            entries.add(Map.entry(key, FieldValues.of(key, random)));
        }
        return FuzzCase.object(entries, random, false);
    }

    /** A valid request of any action with 1 to 4 mutations, then sometimes its text spoilt. */
    public static FuzzCase mutatedRequest(Random random) {
        List<Map.Entry<String, Sent>> request = valid(FieldValues.anyAction(random));
        int mutations = 1 + random.nextInt(4);
        for (int i = 0; i < mutations; i++) mutate(request, random);
        return FuzzCase.object(request, random, random.nextInt(5) == 0);
    }

    /**
     * A valid request of any action as a form would send it, multipart (some fields as file parts) or url-encoded
     * ({@code curl -F}, {@code curl -d a=b}): never JSON, so {@code Unable to parse JSON} on every route (issue 20).
     */
    public static FuzzCase formBody(Random random) {
        List<Map.Entry<String, Sent>> request = valid(FieldValues.anyAction(random));
        StringBuilder text = new StringBuilder();
        if (random.nextBoolean()) {
            String boundary = "----nanowork" + Long.toHexString(random.nextLong());
            for (Map.Entry<String, Sent> field : request) {
                text.append("--").append(boundary).append("\r\nContent-Disposition: form-data; name=\"");
                text.append(field.getKey()).append('"');
                if (random.nextBoolean()) text.append("; filename=\"work.json\"\r\nContent-Type: application/json");
                text.append("\r\n\r\n").append(field.getValue().json()).append("\r\n");
            }
            text.append("--").append(boundary).append("--\r\n");
        } else {
            for (Map.Entry<String, Sent> field : request) {
                if (!text.isEmpty()) text.append('&');
                text.append(field.getKey()).append('=').append(field.getValue().json());
            }
        }
        return FuzzCase.refused(text.toString(), RpcError.UNABLE_TO_PARSE_JSON, false);
    }

    /** One of the four kinds, equally often: the body alone, for tests that check answers only as documented. */
    public static String any(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> randomBytes(random).body();
            case 1 -> randomJson(random).body();
            case 2 -> formBody(random).body();
            default -> mutatedRequest(random).body();
        };
    }

    static List<Map.Entry<String, Sent>> valid(Action action) {
        List<Map.Entry<String, Sent>> r = new ArrayList<>();
        r.add(Map.entry("action", Sent.good(action.wireName(), action)));
        Sent hash = Sent.good(H, HexFormat.of().parseHex(H));
        switch (action) {
            case WORK_GENERATE -> {
                r.add(Map.entry("hash", hash));
                r.add(Map.entry("difficulty", Sent.good(LOW, Long.parseUnsignedLong(LOW, 16))));
            }
            case WORK_VALIDATE -> {
                r.add(Map.entry("hash", hash));
                r.add(Map.entry("work", Sent.good(W, Long.parseUnsignedLong(W, 16))));
                r.add(Map.entry("difficulty", Sent.good("fffffe0000000000", 0xfffffe0000000000L)));
            }
            case WORK_CANCEL -> r.add(Map.entry("hash", hash));
            case WORK_PRECACHE -> {
                r.add(Map.entry("hash", hash));
                r.add(Map.entry("difficulty", Sent.good(LOW, Long.parseUnsignedLong(LOW, 16))));
            }
            case BENCHMARK -> r.add(Map.entry("duration", Sent.good("0.000001", null)));
            case STATUS -> {}
        }
        return r;
    }

    static void mutate(List<Map.Entry<String, Sent>> request, Random random) {
        String key = request.isEmpty() || random.nextInt(4) == 0
                ? FieldValues.FIELDS.get(random.nextInt(FieldValues.FIELDS.size()))
                : request.get(random.nextInt(request.size())).getKey();
        int at = firstIndex(request, key);
        Sent value = switch (random.nextInt(12)) {
            case 0 -> null; // dropped, every occurrence
            case 1 -> Sent.absent();
            case 2 -> FieldValues.anyField(random);
            case 3 -> FieldValues.overLimit(random);
            default -> FieldValues.of(key, random);
        };
        switch (random.nextInt(8)) {
            case 0 -> request.removeIf(e -> e.getKey().equals(key));
            case 1 -> request.add(Map.entry(key, value == null ? Sent.absent() : value)); // a repeat: the first counts
            case 2 -> request.add(Math.max(at, 0), Map.entry(key, value == null ? Sent.absent() : value)); // now first
            case 3 ->
                // The same value under another name, which no action reads.
                request.add(Map.entry(
                        key.toUpperCase(Locale.ROOT),
                        at < 0 ? Sent.absent() : request.get(at).getValue()));
            default -> {
                if (value == null) request.removeIf(e -> e.getKey().equals(key));
                else if (at < 0) request.add(Map.entry(key, value));
                else request.set(at, Map.entry(key, value));
            }
        }
    }

    private static int firstIndex(List<Map.Entry<String, Sent>> request, String key) {
        for (int i = 0; i < request.size(); i++) if (request.get(i).getKey().equals(key)) return i;
        return -1;
    }

    /** A name no action reads: random text, never one of the request's field names. */
    static String otherName(Random random) {
        String name = randomText(random, "", 12);
        return FieldValues.FIELDS.contains(name) ? name + "_" : name;
    }

    /** A random JSON value, {@code depth} levels at most, strings of at most 80 characters: within every limit. */
    static Object value(int depth, Random random) {
        if (depth > 0) {
            int shape = random.nextInt(8);
            if (shape == 0) {
                List<Object> list = new ArrayList<>();
                for (int i = random.nextInt(5); i > 0; i--) list.add(value(depth - 1, random));
                return list;
            }
            if (shape == 1) {
                Map<String, Object> object = new java.util.LinkedHashMap<>();
                for (int i = random.nextInt(4); i > 0; i--)
                    object.put(randomText(random, "", 12), value(depth - 1, random));
                return object;
            }
        }
        return switch (random.nextInt(7)) {
            case 0 -> randomText(random, "", 80);
            case 1 -> randomText(random, "0123456789abcdefABCDEF", 70);
            case 2 ->
                List.of("work_generate", "work_validate", "status", "work_1", H, W, LOW, "NaN", "-0", "1e400", "")
                        .get(random.nextInt(11));
            case 3 -> random.nextLong();
            case 4 -> random.nextBoolean() ? random.nextDouble() : Double.longBitsToDouble(random.nextLong());
            case 5 -> random.nextBoolean();
            default -> null;
        };
    }

    /** Up to {@code max} characters from {@code alphabet}, or any BMP characters below the surrogates when it is empty. */
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
