package dev.nanowork.share;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.util.HashMap;
import java.util.HashSet;
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
 * searching}, {@code found} or {@code cancelled}), {@code difficulty}, {@code work} and {@code value} S (16 lowercase
 * hex: fixed width, so that DynamoDB's string comparison in a condition is the numeric one; {@code value} is the
 * work's, for the conditions, and present with it), {@code search} S, {@code askers} SS ({@link Asker#entry}; absent
 * when empty: DynamoDB stores no empty set), {@code workers} N, {@code rev} N (the {@link WorkRecord#revision}),
 * {@code lease} N (epoch ms), {@code expires} N (epoch s, the TTL attribute).
 *
 * <p>An item is read strictly: anything but exactly that shape is {@link Malformed}, since the table is not trusted
 * and a lenient read (a short hex, another case) would break the string comparisons the writes rely on. An item of
 * the schema before askers had their own difficulty (plain addresses, no revision) is malformed too: its root is
 * searched alone until it expires (one record TTL at most).
 */
final class RecordItems {
    static final String ROOT = "root";
    static final String STATE = "state";
    static final String DIFFICULTY = "difficulty";
    static final String SEARCH = "search";
    static final String WORK = "work";
    static final String VALUE = "value";
    static final String ASKERS = "askers";
    static final String WORKERS = "workers";
    static final String REVISION = "rev";
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

    /** A u64 as the 16 lowercase hex digits stored for a difficulty, a work or a value. */
    static AttributeValue hex(long u64) {
        return AttributeValue.fromS(new Work(u64).toString());
    }

    static AttributeValue number(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    /** {@code askers} as the string set stored (never empty: the caller leaves the attribute out instead). */
    static AttributeValue askers(Set<Asker> askers) {
        return AttributeValue.fromSs(
                List.copyOf(new TreeSet<>(askers.stream().map(Asker::entry).toList())));
    }

    static Map<String, AttributeValue> item(WorkRecord record) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(ROOT, AttributeValue.fromS(record.root().toString()));
        item.put(STATE, state(record.state()));
        item.put(DIFFICULTY, hex(record.difficulty().threshold()));
        item.put(SEARCH, AttributeValue.fromS(record.searchId()));
        record.work().ifPresent(w -> {
            item.put(WORK, hex(w.value()));
            item.put(VALUE, hex(WorkValue.value(record.root(), w)));
        });
        if (!record.askers().isEmpty()) item.put(ASKERS, askers(record.askers()));
        item.put(WORKERS, number(record.workers()));
        item.put(REVISION, number(record.revision()));
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
        // A found record without its work, or a work without the value its conditions compare, is no state a write
        // of ours leaves (a search may hold its best work so far, a cancelled one the best it had).
        if (state == WorkRecord.State.FOUND && work.isEmpty()) throw new Malformed("found without a work");
        if (work.isPresent() != item.containsKey(VALUE))
            throw new Malformed(work.isPresent() ? "a work without its value" : "a value without a work");
        if (work.isPresent()) u64(item, VALUE);
        Set<Asker> askers = new HashSet<>();
        if (item.containsKey(ASKERS)) {
            AttributeValue a = item.get(ASKERS);
            if (!a.hasSs()) throw new Malformed("askers is not a string set");
            for (String entry : a.ss())
                askers.add(Asker.of(entry)
                        .orElseThrow(() -> new Malformed("askers holds '" + entry + "', not 'difficulty address'")));
        }
        long workers = number(item, WORKERS);
        if (workers < 0 || workers > Integer.MAX_VALUE) throw new Malformed("workers is out of range");
        return new WorkRecord(
                Root.parse(rootText),
                state,
                difficulty,
                search,
                work,
                askers,
                (int) workers,
                number(item, REVISION),
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
