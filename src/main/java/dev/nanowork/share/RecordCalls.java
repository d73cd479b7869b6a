package dev.nanowork.share;

import dev.nanowork.observe.SearchTally;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * Turns whatever goes wrong with a call to the table into {@link RecordUnavailable} with a one-line reason that names
 * the operation, the table and DynamoDB's own error code (ProvisionedThroughputExceededException, AccessDeniedException,
 * ResourceNotFoundException, ...) or the client's (a refused connection, a call past its timeout); the caller logs
 * that one line and searches alone. A refused condition is no failure: it is how a write learns it lost, and goes
 * back to the caller as it is. Each call is counted in the {@link SearchTally} of the search it serves.
 */
final class RecordCalls {
    static final String GET_ITEM = "GetItem";

    private final String table;

    RecordCalls(String table) {
        this.table = table;
    }

    <T> T call(String operation, Supplier<T> call) {
        // What the table bills the search this thread runs: on demand, a read of a record (under 4 KB, strongly
        // consistent) is one read unit and a write (under 1 KB) one write unit, whether its condition held or not.
        // Counted before the call: one that fails may have reached the table.
        SearchTally tally = SearchTally.current();
        if (operation.equals(GET_ITEM)) tally.recordRead();
        else tally.recordWrite();
        try {
            return call.get();
        } catch (ConditionalCheckFailedException lost) {
            throw lost;
        } catch (AwsServiceException e) {
            String code =
                    e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
            String message = e.awsErrorDetails() == null
                    ? e.getMessage()
                    : e.awsErrorDetails().errorMessage();
            throw unavailable(operation, (code == null ? "HTTP " + e.statusCode() : code) + " (" + message + ")", e);
        } catch (SdkException e) {
            // A throttle is retried by the SDK until the call timeout, which is then the reason given.
            throw unavailable(operation, e.getClass().getSimpleName() + " (" + e.getMessage() + ")", e);
        }
    }

    /** The record in {@code item}; an item not of the schema is unavailable (see {@link DynamoWorkRecords}). */
    WorkRecord record(Map<String, AttributeValue> item) {
        try {
            return RecordItems.record(item);
        } catch (RecordItems.Malformed e) {
            AttributeValue root = item.get(RecordItems.ROOT);
            throw unavailable(
                    "read",
                    "the item of " + (root == null ? "no root" : root.s()) + " is malformed: " + e.getMessage(),
                    e);
        }
    }

    private RecordUnavailable unavailable(String operation, String reason, Exception cause) {
        return new RecordUnavailable(
                ("DynamoDB " + operation + " on " + table + ": " + reason).replaceAll("\\s+", " "), cause);
    }
}
