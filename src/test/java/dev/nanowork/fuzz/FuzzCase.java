package dev.nanowork.fuzz;

import dev.nanowork.rpc.RpcError;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One generated body and what the generator knows of it: {@code refusal}, the error every path answers before
 * any field is read ({@code Unable to parse JSON}, {@code Request too large}), or null for a JSON object within
 * the limits, whose fields then decide; {@code noRequest} when a function route gets no request from it (an
 * empty body or JSON {@code null}); and each field's first occurrence, as nano_node reads a repeated key.
 */
record FuzzCase(String body, String refusal, boolean noRequest, Map<String, Sent> fields) {
    /** Text after a complete object: never valid JSON, so every path answers Unable to parse JSON. */
    static final List<String> TRAILING = List.of("}", "x", "{}", " 1", "]", ",", "\"", " {\"action\":\"status\"}");

    /** A body refused as a whole. */
    static FuzzCase refused(String body, String error, boolean noRequest) {
        return new FuzzCase(body, error, noRequest, Map.of());
    }

    /** {@code field} as the endpoint reads it: its first occurrence, absent when never sent. */
    Sent field(String field) {
        return fields.getOrDefault(field, Sent.absent());
    }

    /**
     * An object of {@code entries} (a key may come more than once), sometimes with its text spoilt in a way whose
     * answer is known: cut short, followed by more, or wrapped in an array. Only a body within the limits is
     * spoilt: a limit met while reading a spoilt text could be reported before or after the spoiling.
     */
    static FuzzCase object(List<Map.Entry<String, Sent>> entries, Random random, boolean spoil) {
        StringBuilder text = new StringBuilder("{");
        Map<String, Sent> first = new LinkedHashMap<>();
        boolean over = false;
        int deepest = 0;
        for (Map.Entry<String, Sent> e : entries) {
            if (text.length() > 1) text.append(',');
            text.append(FuzzInputs.write(e.getKey()))
                    .append(':')
                    .append(FuzzInputs.write(e.getValue().json()));
            first.putIfAbsent(e.getKey(), e.getValue());
            over |= e.getValue().overLimit();
            deepest = Math.max(deepest, Sent.depth(e.getValue().json()));
        }
        String body = text.append('}').toString();
        if (over) return refused(body, RpcError.TOO_LARGE, false);
        if (!spoil) return new FuzzCase(body, null, false, first);
        return switch (random.nextInt(3)) {
            case 0 -> {
                String cut = body.substring(0, random.nextInt(body.length())); // never the closing brace
                yield refused(cut, RpcError.UNABLE_TO_PARSE_JSON, cut.isEmpty());
            }
            case 1 ->
                refused(body + TRAILING.get(random.nextInt(TRAILING.size())), RpcError.UNABLE_TO_PARSE_JSON, false);
            default ->
                // One level deeper, so a value 15 deep would be over the limit; left out, because inside an array the
                // object is read by Jackson alone, which keeps the last of a repeated key, not the first, and the
                // function routes would then not see a first occurrence that is over the limit.
                deepest < Sent.DEEPEST_WITHIN
                        ? refused("[" + body + "]", RpcError.UNABLE_TO_PARSE_JSON, false)
                        : new FuzzCase(body, null, false, first);
        };
    }
}
