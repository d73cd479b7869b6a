package dev.nanowork.share;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A {@link WorkRecord} as a DynamoDB item and back. The attribute names and types are the table's schema, which the
 * Terraform, the docs and every execution share: {@code root} S (64 uppercase hex), {@code state} S ({@code
 * searching}, {@code found} or {@code cancelled}), {@code difficulty} S and {@code work} S (16 lowercase hex: fixed
 * width, so that DynamoDB's string comparison in a condition is the numeric one), {@code search} S, {@code askers} SS
 * (absent when empty: DynamoDB stores no empty set), {@code lease} N (epoch ms), {@code expires} N (epoch s, the TTL
 * attribute).
 *
 * <p>An item is read strictly: anything but exactly that shape is {@link Malformed}, since the table is not trusted
 * and a lenient read (a short hex, another case) would break the string comparisons the writes rely on.
 */
final class RecordItems {
    static final String ROOT = "root";
    static final String STATE = "state";
    static final String DIFFICULTY = "difficulty";
    static final String SEARCH = "search";
    static final String WORK = "work";
    static final String ASKERS = "askers";
    static final String LEASE = "lease";
    static final String EXPIRES = "expires";

    private RecordItems() {}

    /** An item that is not a work record of this schema; the message says which attribute and why. */
    static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        Malformed(String message) {
            super(message);
        }
    }

    static Map<String, AttributeValue> key(Root root) {
        return Map.of(ROOT, AttributeValue.fromS(root.toString()));
    }

    static AttributeValue state(WorkRecord.State state) {
        return AttributeValue.fromS(state.name().toLowerCase(Locale.ROOT));
    }

    /** A u64 as the 16 lowercase hex digits stored for a difficulty or a work. */
    static AttributeValue hex(long u64) {
        return AttributeValue.fromS(new Work(u64).toString());
    }

    static AttributeValue number(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    static Map<String, AttributeValue> item(WorkRecord record) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(ROOT, AttributeValue.fromS(record.root().toString()));
        item.put(STATE, state(record.state()));
        item.put(DIFFICULTY, AttributeValue.fromS(record.difficulty().toString()));
        item.put(SEARCH, AttributeValue.fromS(record.searchId()));
        record.work().ifPresent(w -> item.put(WORK, AttributeValue.fromS(w.toString())));
        if (!record.askers().isEmpty())
            item.put(ASKERS, AttributeValue.fromSs(List.copyOf(new TreeSet<>(record.askers()))));
        item.put(LEASE, number(record.leaseUntilMillis()));
        item.put(EXPIRES, number(record.expiresAtSeconds()));
        return item;
    }

    static WorkRecord record(Map<String, AttributeValue> item) throws Malformed {
        String rootText = string(item, ROOT);
        if (!rootText.matches("[0-9A-F]{64}")) throw new Malformed("root is not 64 uppercase hex digits");
        WorkRecord.State state = stateOf(string(item, STATE));
        Difficulty difficulty = new Difficulty(u64(item, DIFFICULTY));
        String search = string(item, SEARCH);
        if (search.isEmpty()) throw new Malformed("search is empty");
        Optional<Work> work = item.containsKey(WORK) ? Optional.of(new Work(u64(item, WORK))) : Optional.empty();
        // A found record without its work, or a search with one, is no state a write of ours leaves.
        if (work.isPresent() != (state == WorkRecord.State.FOUND))
            throw new Malformed(state == WorkRecord.State.FOUND ? "found without a work" : "a work while " + state);
        Set<String> askers = Set.of();
        if (item.containsKey(ASKERS)) {
            AttributeValue a = item.get(ASKERS);
            if (!a.hasSs()) throw new Malformed("askers is not a string set");
            askers = Set.copyOf(a.ss());
        }
        return new WorkRecord(
                Root.parse(rootText),
                state,
                difficulty,
                search,
                work,
                askers,
                number(item, LEASE),
                number(item, EXPIRES));
    }

    private static String string(Map<String, AttributeValue> item, String name) throws Malformed {
        AttributeValue v = item.get(name);
        if (v == null) throw new Malformed(name + " is missing");
        if (v.s() == null) throw new Malformed(name + " is not a string");
        return v.s();
    }

    private static WorkRecord.State stateOf(String text) throws Malformed {
        for (WorkRecord.State s : WorkRecord.State.values()) {
            if (s.name().toLowerCase(Locale.ROOT).equals(text)) return s;
        }
        throw new Malformed("state is not searching, found or cancelled");
    }

    private static long u64(Map<String, AttributeValue> item, String name) throws Malformed {
        String text = string(item, name);
        if (!text.matches("[0-9a-f]{16}")) throw new Malformed(name + " is not 16 lowercase hex digits");
        return Long.parseUnsignedLong(text, 16);
    }

    private static long number(Map<String, AttributeValue> item, String name) throws Malformed {
        AttributeValue v = item.get(name);
        if (v == null) throw new Malformed(name + " is missing");
        if (v.n() == null) throw new Malformed(name + " is not a number");
        try {
            return Long.parseLong(v.n());
        } catch (NumberFormatException e) {
            throw new Malformed(name + " is not a whole number of the range of a long");
        }
    }
}
