package dev.nanowork.share;

import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The record's rules as DynamoDB requests: each write's condition is the whole rule it enforces, evaluated by DynamoDB
 * against the item as it stands, so no read comes between the decision and the write; a write computed from what was
 * read (a join's maximum, a withdrawal's new highest difficulty) is conditioned on the revision read, and every write
 * adds one to it. Every refusal returns the standing item ({@code ALL_OLD}), every update the item after it ({@code
 * ALL_NEW}). An attribute {@code x} is {@code #x} in every expression (the names map is built from them: DynamoDB
 * refuses an unused name, as an unused value).
 */
final class RecordRequests {
    private static final String SEARCHING_OF_SEARCH = "#state = :searching AND #search = :search";
    private static final String NEXT_REVISION = " ADD #rev :one";
    private static final Pattern NAME = Pattern.compile("#([a-z]+)");
    private static final AttributeValue SEARCHING = RecordItems.state(WorkRecord.State.SEARCHING);
    private static final AttributeValue CANCELLED = RecordItems.state(WorkRecord.State.CANCELLED);
    private static final AttributeValue FOUND = RecordItems.state(WorkRecord.State.FOUND);
    private static final AttributeValue ONE = RecordItems.number(1);

    private final String table;

    RecordRequests(String table) {
        this.table = table;
    }

    /**
     * {@code wanted} put over none, an expired record, a cancelled one, a search whose lease passed, or a work whose
     * value is below {@code wanted}'s difficulty (16 lowercase hex, so {@code <} is the unsigned order).
     */
    PutItemRequest claim(WorkRecord wanted, long nowMillis) {
        String condition = "attribute_not_exists(#root) OR #expires <= :nowSeconds OR #state = :cancelled"
                + " OR (#state = :searching AND #lease <= :now) OR (#state = :found AND #value < :difficulty)";
        return PutItemRequest.builder()
                .tableName(table)
                .item(RecordItems.item(wanted))
                .conditionExpression(condition)
                .expressionAttributeNames(names(condition))
                .expressionAttributeValues(Map.of(
                        // Expired is expires * 1000 <= now, i.e. expires <= floor(now / 1000).
                        ":nowSeconds",
                        RecordItems.number(Math.floorDiv(nowMillis, 1000)),
                        ":now",
                        RecordItems.number(nowMillis),
                        ":cancelled",
                        CANCELLED,
                        ":searching",
                        SEARCHING,
                        ":found",
                        FOUND,
                        ":difficulty",
                        RecordItems.hex(wanted.difficulty().threshold())))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    /**
     * {@code askers} added and the lease, difficulty and expiry set: with nothing {@code seen}, while {@code searchId}
     * searches with all three at or below the new values (one round trip when the joiner raises them, the usual case);
     * after {@code seen}, while the record stands at its revision, each set to the higher of the two.
     */
    UpdateItemRequest join(Root root, String searchId, Set<Asker> askers, long lease, long expires, WorkRecord seen) {
        long difficulty = WorkRecord.highest(askers).threshold();
        Map<String, AttributeValue> values = searchOf(searchId);
        values.put(":askers", RecordItems.askers(askers));
        String condition = SEARCHING_OF_SEARCH;
        if (seen == null) {
            condition += " AND #lease <= :lease AND #difficulty <= :difficulty AND #expires <= :expires";
        } else {
            condition += " AND #rev = :seen";
            values.put(":seen", RecordItems.number(seen.revision()));
            lease = Math.max(lease, seen.leaseUntilMillis());
            expires = Math.max(expires, seen.expiresAtSeconds());
            if (Long.compareUnsigned(seen.difficulty().threshold(), difficulty) > 0)
                difficulty = seen.difficulty().threshold();
        }
        values.put(":lease", RecordItems.number(lease));
        values.put(":difficulty", RecordItems.hex(difficulty));
        values.put(":expires", RecordItems.number(expires));
        return update(
                root,
                condition,
                "SET #lease = :lease, #difficulty = :difficulty, #expires = :expires ADD #askers :askers, #rev :one",
                values);
    }

    /**
     * Found, with {@code work}, while {@code searchId} searches for a difficulty it reaches; the askers go, the expiry
     * stays as the claim and the joins set it.
     */
    UpdateItemRequest found(Root root, String searchId, Work work) {
        Map<String, AttributeValue> values = offered(root, searchId, work);
        values.put(":found", FOUND);
        return update(
                root,
                SEARCHING_OF_SEARCH + " AND #difficulty <= :value",
                "SET #state = :found, #work = :work, #value = :value REMOVE #askers" + NEXT_REVISION,
                values);
    }

    /** {@code work} as the best so far, while {@code searchId} searches for more and no work as good stands. */
    UpdateItemRequest better(Root root, String searchId, Work work) {
        return update(
                root,
                SEARCHING_OF_SEARCH + " AND #difficulty > :value AND (attribute_not_exists(#value) OR #value < :value)",
                "SET #work = :work, #value = :value" + NEXT_REVISION,
                offered(root, searchId, work));
    }

    /**
     * {@code withdrawn} taken out of {@code seen} (a searching record), while it stands at its revision: found when its
     * best work reaches every asker left (or none is left and it holds one), cancelled when none is left, else its
     * difficulty lowered to the highest still asked.
     */
    UpdateItemRequest withdraw(WorkRecord seen, Set<Asker> withdrawn) {
        Map<String, AttributeValue> values = searchOf(seen.searchId());
        values.put(":seen", RecordItems.number(seen.revision()));
        Set<Asker> left = new java.util.HashSet<>(seen.askers());
        left.removeAll(withdrawn);
        String update;
        if (seen.work().isPresent()
                && WorkRecord.highest(left)
                        .isReachedBy(WorkValue.value(seen.root(), seen.work().get()))) {
            update = "SET #state = :found REMOVE #askers";
            values.put(":found", FOUND);
        } else if (left.isEmpty()) {
            update = "SET #state = :cancelled REMOVE #askers";
            values.put(":cancelled", CANCELLED);
        } else {
            update = "SET #difficulty = :difficulty DELETE #askers :withdrawn";
            values.put(":difficulty", RecordItems.hex(WorkRecord.highest(left).threshold()));
            values.put(":withdrawn", RecordItems.askers(withdrawn));
        }
        return update(seen.root(), SEARCHING_OF_SEARCH + " AND #rev = :seen", update + NEXT_REVISION, values);
    }

    /** Cancelled, whoever asked, while {@code searchId} searches. */
    UpdateItemRequest cancel(Root root, String searchId) {
        Map<String, AttributeValue> values = searchOf(searchId);
        values.put(":cancelled", CANCELLED);
        return update(root, SEARCHING_OF_SEARCH, "SET #state = :cancelled REMOVE #askers" + NEXT_REVISION, values);
    }

    /** The workers raised from {@code seen} to {@code total} while {@code searchId} searches with {@code seen}. */
    UpdateItemRequest addWorkers(Root root, String searchId, int seen, int total) {
        Map<String, AttributeValue> values = searchOf(searchId);
        values.put(":seen", RecordItems.number(seen));
        values.put(":total", RecordItems.number(total));
        return update(
                root, SEARCHING_OF_SEARCH + " AND #workers = :seen", "SET #workers = :total" + NEXT_REVISION, values);
    }

    private static Map<String, AttributeValue> searchOf(String searchId) {
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":searching", SEARCHING);
        values.put(":search", AttributeValue.fromS(searchId));
        return values;
    }

    private static Map<String, AttributeValue> offered(Root root, String searchId, Work work) {
        Map<String, AttributeValue> values = searchOf(searchId);
        values.put(":work", RecordItems.hex(work.value()));
        values.put(":value", RecordItems.hex(WorkValue.value(root, work)));
        return values;
    }

    private UpdateItemRequest update(Root root, String condition, String update, Map<String, AttributeValue> values) {
        Map<String, AttributeValue> all = new HashMap<>(values);
        if (update.contains(":one")) all.put(":one", ONE);
        return UpdateItemRequest.builder()
                .tableName(table)
                .key(RecordItems.key(root))
                .conditionExpression(condition)
                .updateExpression(update)
                .expressionAttributeNames(names(condition + " " + update))
                .expressionAttributeValues(all)
                .returnValues(ReturnValue.ALL_NEW)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    /** {@code #x -> x} for every name the expressions use. */
    private static Map<String, String> names(String expressions) {
        Map<String, String> names = new HashMap<>();
        Matcher m = NAME.matcher(expressions);
        while (m.find()) names.put(m.group(), m.group(1));
        return names;
    }
}
