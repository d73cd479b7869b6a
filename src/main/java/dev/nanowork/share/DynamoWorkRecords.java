package dev.nanowork.share;

import dev.nanowork.aws.AwsClients;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The work records in a DynamoDB table, through the AWS SDK for Java v2 ({@link AwsClients}: default credential chain
 * and region, {@code AWS_ENDPOINT_URL_DYNAMODB} honoured). Reads are strongly consistent; every write is one
 * conditional request whose condition is the whole rule, so that two executions never both win, and a refused write
 * returns the standing item ({@code ReturnValuesOnConditionCheckFailure=ALL_OLD}) in the same round trip, as Powertools'
 * idempotency store does. An implementation of DynamoDB's API that does not return it (dynalite 4.0.0) costs one
 * more consistent read.
 *
 * <p>Beyond the interface: {@link #found} also requires the work to reach the record's difficulty as it stands (a
 * joiner may have raised it while the work was searched), so a record never says found with a work below what it
 * asks; the search goes on for the raised difficulty. A record whose item is not of the schema ({@link RecordItems})
 * is unavailable, not absent: absent would make the caller claim it, which the item's condition refuses; unavailable
 * makes it search alone, as with the table down, and answer nothing from the item.
 */
public final class DynamoWorkRecords implements WorkRecords, AutoCloseable {
    /**
     * An in-region connection to DynamoDB (TCP and TLS) takes tens of milliseconds; 500 ms is a dead endpoint, and the
     * caller is better off searching alone at once.
     */
    static final Duration CONNECT_TIMEOUT = Duration.ofMillis(500);

    /**
     * A request waits on every call (a claim before its search, a read per poll), and DynamoDB answers in single-digit
     * milliseconds: 1.5 s leaves room for the SDK's retries of a throttle or a reset connection, and bounds what a dead
     * or throttled table adds to a request before it searches alone.
     */
    static final Duration CALL_TIMEOUT = Duration.ofMillis(1500);

    private final DynamoDbClient dynamo;
    private final String table;
    private final RecordCalls calls;
    private final RecordRequests requests;

    public DynamoWorkRecords(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
        this.calls = new RecordCalls(table);
        this.requests = new RecordRequests(table);
    }

    /** The records in {@code table} of this environment: the SDK's default region, credentials and endpoint settings. */
    public static DynamoWorkRecords fromEnvironment(String table) {
        return new DynamoWorkRecords(client(DynamoDbClient.builder()), table);
    }

    /** {@code builder} as every client of the records is built: {@link AwsClients} with these timeouts. */
    static DynamoDbClient client(DynamoDbClientBuilder builder) {
        return AwsClients.build(builder, CONNECT_TIMEOUT, CALL_TIMEOUT);
    }

    @Override
    public Optional<WorkRecord> read(Root root) {
        return current(root).filter(r -> !r.expired(System.currentTimeMillis()));
    }

    /** The item as it stands, expired or not. */
    private Optional<WorkRecord> current(Root root) {
        Map<String, AttributeValue> item = calls.call(
                        "GetItem",
                        () -> dynamo.getItem(g ->
                                g.tableName(table).key(RecordItems.key(root)).consistentRead(true)))
                .item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(calls.record(item));
    }

    /** The item a refused write met: returned with the refusal, or read when the implementation does not return it. */
    private Optional<WorkRecord> standing(Root root, ConditionalCheckFailedException refused) {
        return refused.hasItem() && !refused.item().isEmpty()
                ? Optional.of(calls.record(refused.item()))
                : current(root);
    }

    @Override
    public Claim claim(WorkRecord wanted, long nowMillis) {
        // Twice at most: only an implementation that does not return the standing item, and loses it to a delete
        // between the refusal and the read, comes round again.
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                calls.call("PutItem", () -> dynamo.putItem(requests.claim(wanted, nowMillis)));
                return new Claim.Claimed(wanted);
            } catch (ConditionalCheckFailedException refused) {
                Optional<WorkRecord> standing = standing(wanted.root(), refused);
                if (standing.isEmpty()) continue;
                // Our own write, done once already and sent again by the SDK's retry: the claim is ours.
                if (standing.get().searchId().equals(wanted.searchId())) return new Claim.Claimed(standing.get());
                return new Claim.Standing(standing.get());
            }
        }
        throw new RecordUnavailable(
                "DynamoDB PutItem on " + table + ": refused, and no record of " + wanted.root() + " stands", null);
    }

    @Override
    public boolean join(Root root, String searchId, String asker, Difficulty difficulty, long leaseUntilMillis) {
        // First as if both only rise (one round trip); when one already stands higher, a compare-and-set of the
        // values seen, each kept where it stands if higher.
        Optional<WorkRecord> seen = Optional.empty();
        for (int attempt = 0; attempt < 4; attempt++) {
            long lease = seen.map(r -> Math.max(r.leaseUntilMillis(), leaseUntilMillis))
                    .orElse(leaseUntilMillis);
            Difficulty wanted = seen.map(r -> r.difficulty().compareTo(difficulty) >= 0 ? r.difficulty() : difficulty)
                    .orElse(difficulty);
            Optional<WorkRecord> expected = seen;
            try {
                calls.call(
                        "UpdateItem",
                        () -> dynamo.updateItem(requests.join(root, searchId, asker, wanted, lease, expected)));
                return true;
            } catch (ConditionalCheckFailedException refused) {
                seen = standing(root, refused)
                        .filter(r -> r.state() == WorkRecord.State.SEARCHING
                                && r.searchId().equals(searchId));
                if (seen.isEmpty()) return false;
            }
        }
        throw new RecordUnavailable("DynamoDB UpdateItem on " + table + ": " + root + " changed under 4 joins", null);
    }

    @Override
    public boolean found(Root root, String searchId, Work work, long expiresAtSeconds) {
        long value = WorkValue.value(root, work);
        try {
            calls.call(
                    "UpdateItem",
                    () -> dynamo.updateItem(requests.found(root, searchId, work, value, expiresAtSeconds)));
            return true;
        } catch (ConditionalCheckFailedException refused) {
            // Our own find, written once already and sent again by the SDK's retry, was set by this call.
            return standing(root, refused)
                    .filter(r -> r.state() == WorkRecord.State.FOUND
                            && r.searchId().equals(searchId)
                            && r.work().equals(Optional.of(work)))
                    .isPresent();
        }
    }

    @Override
    public Optional<WorkRecord> withdraw(Root root, String asker) {
        WorkRecord after;
        try {
            after = calls.record(calls.call("UpdateItem", () -> dynamo.updateItem(requests.withdraw(root, asker)))
                    .attributes());
        } catch (ConditionalCheckFailedException refused) {
            return Optional.empty();
        }
        if (!after.askers().isEmpty()) return Optional.of(after);
        // The last asker left: cancel, unless someone joined or the search ended since (then that record stands).
        try {
            return Optional.of(calls.record(calls.call(
                            "UpdateItem", () -> dynamo.updateItem(requests.cancelUnasked(root, after.searchId())))
                    .attributes()));
        } catch (ConditionalCheckFailedException refused) {
            return standing(root, refused);
        }
    }

    @Override
    public void cancel(Root root) {
        try {
            calls.call("UpdateItem", () -> dynamo.updateItem(requests.cancel(root)));
        } catch (ConditionalCheckFailedException nothingSearching) {
            // No search to cancel: found, cancelled already, or none.
        }
    }

    @Override
    public void close() {
        dynamo.close();
    }
}
