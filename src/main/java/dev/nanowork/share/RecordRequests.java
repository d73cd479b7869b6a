package dev.nanowork.share;

import static dev.nanowork.share.RecordItems.ASKERS;
import static dev.nanowork.share.RecordItems.DIFFICULTY;
import static dev.nanowork.share.RecordItems.EXPIRES;
import static dev.nanowork.share.RecordItems.LEASE;
import static dev.nanowork.share.RecordItems.ROOT;
import static dev.nanowork.share.RecordItems.SEARCH;
import static dev.nanowork.share.RecordItems.STATE;
import static dev.nanowork.share.RecordItems.WORK;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The record's rules as DynamoDB requests: each write's condition is the whole rule it enforces, evaluated by DynamoDB
 * against the item as it stands, so no read comes between the decision and the write. Every refusal returns the
 * standing item ({@code ALL_OLD}), for the caller to learn why in the same round trip.
 */
final class RecordRequests {
    private static final String SEARCHING_OF_SEARCH = "#state = :searching AND #search = :search";
    private static final AttributeValue SEARCHING = RecordItems.state(WorkRecord.State.SEARCHING);
    private static final AttributeValue CANCELLED = RecordItems.state(WorkRecord.State.CANCELLED);
    private static final AttributeValue FOUND = RecordItems.state(WorkRecord.State.FOUND);

    private final String table;

    RecordRequests(String table) {
        this.table = table;
    }

    /**
     * {@code wanted} put over none, an expired record, a cancelled one, a search whose lease passed, or a work below
     * {@code wanted}'s difficulty (the stored difficulty is 16 lowercase hex, so {@code <} is the unsigned order).
     */
    PutItemRequest claim(WorkRecord wanted, long nowMillis) {
        return PutItemRequest.builder()
                .tableName(table)
                .item(RecordItems.item(wanted))
                .conditionExpression("attribute_not_exists(#root) OR #expires <= :nowSeconds OR #state = :cancelled"
                        + " OR (#state = :searching AND #lease <= :now)"
                        + " OR (#state = :found AND #difficulty < :difficulty)")
                .expressionAttributeNames(Map.of(
                        "#root",
                        ROOT,
                        "#expires",
                        EXPIRES,
                        "#state",
                        STATE,
                        "#lease",
                        LEASE,
                        "#difficulty",
                        DIFFICULTY))
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
     * {@code asker} added, the lease and the difficulty set, while {@code searchId} searches and, with nothing {@code
     * seen}, both stand at or below the new values; after {@code seen}, while both still stand as seen (a
     * compare-and-set: update expressions have no max(), so the caller computes it from what it saw).
     */
    UpdateItemRequest join(
            Root root, String searchId, String asker, Difficulty difficulty, long lease, Optional<WorkRecord> seen) {
        Map<String, AttributeValue> values = new HashMap<>(Map.of(
                ":searching", SEARCHING,
                ":search", AttributeValue.fromS(searchId),
                ":asker", AttributeValue.fromSs(List.of(asker)),
                ":lease", RecordItems.number(lease),
                ":difficulty", RecordItems.hex(difficulty.threshold())));
        seen.ifPresent(r -> {
            values.put(":seenLease", RecordItems.number(r.leaseUntilMillis()));
            values.put(":seenDifficulty", RecordItems.hex(r.difficulty().threshold()));
        });
        return update(root)
                .conditionExpression(SEARCHING_OF_SEARCH
                        + (seen.isEmpty()
                                ? " AND #lease <= :lease AND #difficulty <= :difficulty"
                                : " AND #lease = :seenLease AND #difficulty = :seenDifficulty"))
                .updateExpression("SET #lease = :lease, #difficulty = :difficulty ADD #askers :asker")
                .expressionAttributeNames(Map.of(
                        "#state",
                        STATE,
                        "#search",
                        SEARCH,
                        "#lease",
                        LEASE,
                        "#difficulty",
                        DIFFICULTY,
                        "#askers",
                        ASKERS))
                .expressionAttributeValues(values)
                .build();
    }

    /**
     * Found, with {@code work} of {@code value}, while {@code searchId} searches for a difficulty that value reaches;
     * the askers go (nobody waits on a found record), the record stays until {@code expiresAtSeconds}.
     */
    UpdateItemRequest found(Root root, String searchId, Work work, long value, long expiresAtSeconds) {
        return update(root)
                .conditionExpression(SEARCHING_OF_SEARCH + " AND #difficulty <= :value")
                .updateExpression("SET #state = :found, #work = :work, #expires = :expires REMOVE #askers")
                .expressionAttributeNames(Map.of(
                        "#state",
                        STATE,
                        "#search",
                        SEARCH,
                        "#difficulty",
                        DIFFICULTY,
                        "#work",
                        WORK,
                        "#expires",
                        EXPIRES,
                        "#askers",
                        ASKERS))
                .expressionAttributeValues(Map.of(
                        ":searching", SEARCHING,
                        ":search", AttributeValue.fromS(searchId),
                        ":value", RecordItems.hex(value),
                        ":found", FOUND,
                        ":work", RecordItems.hex(work.value()),
                        ":expires", RecordItems.number(expiresAtSeconds)))
                .build();
    }

    /** {@code asker} taken out of a searching record's askers; the record after it comes back. */
    UpdateItemRequest withdraw(Root root, String asker) {
        return update(root)
                .conditionExpression("#state = :searching")
                .updateExpression("DELETE #askers :asker")
                .expressionAttributeNames(Map.of("#state", STATE, "#askers", ASKERS))
                .expressionAttributeValues(
                        Map.of(":searching", SEARCHING, ":asker", AttributeValue.fromSs(List.of(asker))))
                .returnValues(ReturnValue.ALL_NEW)
                .build();
    }

    /** Cancelled while {@code searchId} searches with no asker left (none joined since the last one withdrew). */
    UpdateItemRequest cancelUnasked(Root root, String searchId) {
        return update(root)
                .conditionExpression(SEARCHING_OF_SEARCH + " AND attribute_not_exists(#askers)")
                .updateExpression("SET #state = :cancelled")
                .expressionAttributeNames(Map.of("#state", STATE, "#search", SEARCH, "#askers", ASKERS))
                .expressionAttributeValues(Map.of(
                        ":searching", SEARCHING, ":search", AttributeValue.fromS(searchId), ":cancelled", CANCELLED))
                .returnValues(ReturnValue.ALL_NEW)
                .build();
    }

    /** Cancelled whoever asked, while searching. */
    UpdateItemRequest cancel(Root root) {
        return update(root)
                .conditionExpression("#state = :searching")
                .updateExpression("SET #state = :cancelled REMOVE #askers")
                .expressionAttributeNames(Map.of("#state", STATE, "#askers", ASKERS))
                .expressionAttributeValues(Map.of(":searching", SEARCHING, ":cancelled", CANCELLED))
                .build();
    }

    private UpdateItemRequest.Builder update(Root root) {
        return UpdateItemRequest.builder()
                .tableName(table)
                .key(RecordItems.key(root))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    }
}
