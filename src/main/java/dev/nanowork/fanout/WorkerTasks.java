package dev.nanowork.fanout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The worker's wire format, both ways: the invoke payload ({@link WorkerTask}) and the worker's answer ({@link
 * WorkerOutcome}). Strict on reading: a payload is not trusted (the function is invokable only by the generate
 * function's role, but a mistake or a forged payload must cost no search), so exactly the documented members, each of
 * its one type and width, no duplicate, nothing after the object; anything else is refused with a message that names
 * what is wrong.
 */
public final class WorkerTasks {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    static final Set<String> TASK_MEMBERS = Set.of("root", "difficulty", "search", "start", "deadline");
    private static final Pattern HEX16 = Pattern.compile("[0-9a-fA-F]{16}");
    /** A search id is a UUID in its canonical lowercase form, as {@link java.util.UUID#toString} writes it. */
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private WorkerTasks() {}

    /** A payload or an answer that is not what the other side writes. */
    public static final class Malformed extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Malformed(String message) {
            super(message);
        }
    }

    /** The invoke payload of {@code task}. */
    public static String write(WorkerTask task) {
        ObjectNode node = JSON.createObjectNode()
                .put("root", task.root().toString())
                .put("difficulty", task.difficulty().toString())
                .put("search", task.searchId())
                .put("start", String.format(Locale.ROOT, "%016x", task.start()))
                .put("deadline", task.deadlineEpochMillis());
        return node.toString();
    }

    /**
     * Reads an invoke payload.
     *
     * @throws Malformed unless it is exactly what {@link #write(WorkerTask)} writes (hex in either case)
     */
    public static WorkerTask readTask(byte[] payload) {
        ObjectNode node = object(payload, "task");
        members(node, TASK_MEMBERS, "task");
        Root root;
        try {
            root = Root.parse(text(node, "root"));
        } catch (IllegalArgumentException e) {
            throw new Malformed("task: root must be 64 hex digits: " + e.getMessage());
        }
        Difficulty difficulty = new Difficulty(hex16(node, "difficulty"));
        String search = text(node, "search");
        if (!UUID.matcher(search).matches())
            throw new Malformed("task: search must be a UUID (8-4-4-4-12 lowercase hex digits), was '" + search + "'");
        long start = hex16(node, "start");
        JsonNode deadline = node.get("deadline");
        if (!deadline.isIntegralNumber() || !deadline.canConvertToLong() || deadline.longValue() <= 0)
            throw new Malformed(
                    "task: deadline must be a positive whole number of epoch milliseconds, was " + deadline);
        return new WorkerTask(root, difficulty, search, start, deadline.longValue());
    }

    /** The worker's answer for {@code outcome}. */
    public static String write(WorkerOutcome outcome) {
        ObjectNode node =
                JSON.createObjectNode().put("outcome", outcome.kind().name().toLowerCase(Locale.ROOT));
        outcome.work().ifPresent(w -> node.put("work", w.toString()));
        return node.toString();
    }

    /**
     * Reads a worker's answer.
     *
     * @throws Malformed unless it is one of the three answers {@link #write(WorkerOutcome)} writes
     */
    public static WorkerOutcome readOutcome(byte[] answer) {
        ObjectNode node = object(answer, "outcome");
        if (!node.has("outcome")) throw new Malformed("outcome: the member outcome is missing");
        String kind = text(node, "outcome");
        return switch (kind) {
            case "found" -> {
                members(node, Set.of("outcome", "work"), "outcome found");
                yield new WorkerOutcome(WorkerOutcome.Kind.FOUND, Optional.of(new Work(hex16(node, "work"))));
            }
            case "stopped", "deadline" -> {
                members(node, Set.of("outcome"), "outcome " + kind);
                yield new WorkerOutcome(WorkerOutcome.Kind.valueOf(kind.toUpperCase(Locale.ROOT)), Optional.empty());
            }
            default -> throw new Malformed("outcome must be found, stopped or deadline, was '" + kind + "'");
        };
    }

    private static ObjectNode object(byte[] bytes, String what) {
        JsonNode node;
        try {
            node = JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new Malformed(what + ": not one JSON object: " + e.getOriginalMessage());
        } catch (java.io.IOException e) {
            throw new Malformed(what + ": unreadable: " + e.getMessage());
        }
        if (node == null || !node.isObject())
            throw new Malformed(what + ": must be a JSON object, was " + (node == null ? "empty" : node.getNodeType()));
        return (ObjectNode) node;
    }

    /** Exactly {@code expected}: the first unknown and every missing member named. */
    private static void members(ObjectNode node, Set<String> expected, String what) {
        List<String> unknown = new ArrayList<>();
        node.fieldNames().forEachRemaining(n -> {
            if (!expected.contains(n)) unknown.add(n);
        });
        if (!unknown.isEmpty()) throw new Malformed(what + ": unknown member " + unknown.getFirst());
        Set<String> missing = new TreeSet<>(expected);
        node.fieldNames().forEachRemaining(missing::remove);
        if (!missing.isEmpty()) throw new Malformed(what + ": missing " + String.join(", ", missing));
    }

    private static String text(ObjectNode node, String name) {
        JsonNode value = node.get(name);
        if (!value.isTextual()) throw new Malformed(name + " must be a string, was " + value.getNodeType());
        return value.textValue();
    }

    /** Exactly 16 hex digits (a difficulty, a nonce, a work: fixed width on this wire, unlike nano_node's RPC). */
    private static long hex16(ObjectNode node, String name) {
        String text = text(node, name);
        if (!HEX16.matcher(text).matches())
            throw new Malformed(name + " must be exactly 16 hex digits, was '" + text + "'");
        return Long.parseUnsignedLong(text, 16);
    }
}
