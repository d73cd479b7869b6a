package dev.nanowork.share;

import dev.nanowork.aws.AwsClients;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The work records in a DynamoDB table, through the AWS SDK for Java v2 ({@link AwsClients}: default credential chain
 * and region, {@code AWS_ENDPOINT_URL_DYNAMODB} honoured). Reads are strongly consistent; every write is one
 * conditional request whose condition is the whole rule ({@link RecordRequests}), so that two executions never both
 * win, and a refused write returns the standing item ({@code ReturnValuesOnConditionCheckFailure=ALL_OLD}) in the same
 * round trip, as Powertools' idempotency store does. An implementation of DynamoDB's API that does not return it
 * (dynalite 4.0.0) costs one more consistent read.
 *
 * <p>A record whose item is not of the schema ({@link RecordItems}) is unavailable, not absent: absent would make the
 * caller claim it, which the item's condition refuses; unavailable makes it search alone, as with the table down, and
 * answer nothing from the item.
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

    /** A write computed from a read is tried this often when the record keeps changing under it (joins crowding in). */
    private static final int COMPARE_AND_SET_ATTEMPTS = 4;

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
                        RecordCalls.GET_ITEM,
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

    /** {@code request} done: the record after it; empty when its condition refused it ({@code refused} then holds why). */
    private Optional<WorkRecord> updated(UpdateItemRequest request, ConditionalCheckFailedException[] refused) {
        try {
            return Optional.of(calls.record(
                    calls.call("UpdateItem", () -> dynamo.updateItem(request)).attributes()));
        } catch (ConditionalCheckFailedException e) {
            refused[0] = e;
            return Optional.empty();
        }
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
    public Optional<WorkRecord> join(
            Root root, String searchId, Set<Asker> askers, long leaseUntilMillis, long expiresAtSeconds) {
        // First as if the join raises both the lease and the difficulty (one round trip); when one already stands
        // higher, a compare-and-set on the revision seen.
        WorkRecord seen = null;
        ConditionalCheckFailedException[] refused = new ConditionalCheckFailedException[1];
        for (int attempt = 0; attempt < COMPARE_AND_SET_ATTEMPTS; attempt++) {
            Optional<WorkRecord> after =
                    updated(requests.join(root, searchId, askers, leaseUntilMillis, expiresAtSeconds, seen), refused);
            if (after.isPresent()) return after;
            Optional<WorkRecord> standing = searching(standing(root, refused[0]), searchId);
            if (standing.isEmpty()) return Optional.empty();
            seen = standing.get();
        }
        throw changing("UpdateItem (join)", root);
    }

    @Override
    public Offer offer(Root root, String searchId, Work work) {
        long value = WorkValue.value(root, work);
        ConditionalCheckFailedException[] refused = new ConditionalCheckFailedException[1];
        for (int attempt = 0; attempt < COMPARE_AND_SET_ATTEMPTS; attempt++) {
            Optional<WorkRecord> found = updated(requests.found(root, searchId, work), refused);
            if (found.isPresent()) return new Offer.Found(found.get());
            Optional<WorkRecord> standing = standing(root, refused[0]);
            // Our own find, written once already and sent again by the SDK's retry, was set by this call.
            if (standing.isPresent()
                    && standing.get().state() == WorkRecord.State.FOUND
                    && standing.get().searchId().equals(searchId)
                    && standing.get().work().equals(Optional.of(work))) return new Offer.Found(standing.get());
            if (searching(standing, searchId).isEmpty()) return new Offer.Over(standing);
            WorkRecord seen = standing.get();
            if (seen.difficulty().isReachedBy(value)) continue; // lowered by a withdrawal since: found after all
            if (seen.work().isPresent() && Long.compareUnsigned(seen.bestValue(), value) >= 0)
                return new Offer.Kept(seen);
            Optional<WorkRecord> better = updated(requests.better(root, searchId, work), refused);
            if (better.isPresent()) return new Offer.Better(better.get());
        }
        throw changing("UpdateItem (offer)", root);
    }

    @Override
    public Optional<WorkRecord> withdraw(Root root, Predicate<Asker> which) {
        ConditionalCheckFailedException[] refused = new ConditionalCheckFailedException[1];
        Optional<WorkRecord> seen = current(root).filter(r -> r.state() == WorkRecord.State.SEARCHING);
        for (int attempt = 0; attempt < COMPARE_AND_SET_ATTEMPTS && seen.isPresent(); attempt++) {
            Set<Asker> withdrawn = seen.get().askers().stream().filter(which).collect(Collectors.toSet());
            if (withdrawn.isEmpty()) return seen;
            Optional<WorkRecord> after = updated(requests.withdraw(seen.get(), withdrawn), refused);
            if (after.isPresent()) return after;
            seen = standing(root, refused[0]).filter(r -> r.state() == WorkRecord.State.SEARCHING);
        }
        if (seen.isEmpty()) return Optional.empty();
        throw changing("UpdateItem (withdraw)", root);
    }

    @Override
    public boolean cancel(Root root, String searchId) {
        return updated(requests.cancel(root, searchId), new ConditionalCheckFailedException[1])
                .isPresent();
    }

    @Override
    public boolean addWorkers(Root root, String searchId, int seen, int total) {
        return updated(requests.addWorkers(root, searchId, seen, total), new ConditionalCheckFailedException[1])
                .isPresent();
    }

    private static Optional<WorkRecord> searching(Optional<WorkRecord> record, String searchId) {
        return record.filter(
                r -> r.state() == WorkRecord.State.SEARCHING && r.searchId().equals(searchId));
    }

    private RecordUnavailable changing(String operation, Root root) {
        return new RecordUnavailable(
                "DynamoDB " + operation + " on " + table + ": " + root + " changed under " + COMPARE_AND_SET_ATTEMPTS
                        + " attempts",
                null);
    }

    @Override
    public void close() {
        dynamo.close();
    }
}
