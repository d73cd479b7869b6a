package dev.nanowork.share;

import static dev.nanowork.share.RecordCases.LOW;
import static dev.nanowork.share.RecordCases.now;
import static dev.nanowork.share.RecordCases.root;
import static dev.nanowork.share.RecordCases.searching;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nanowork.support.Dynalite;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/**
 * The records as Lambda builds them ({@code fromEnvironment}: the SDK's default chain, region and endpoint setting),
 * and the refused claim learning the standing record from the refusal itself, as DynamoDB returns it.
 */
class DynamoWorkRecordsSettingsTest {
    static final List<String> SETTINGS =
            List.of("aws.accessKeyId", "aws.secretAccessKey", "aws.region", "aws.endpointUrlDynamoDb");

    @Test
    void fromEnvironmentHonoursTheSdksDynamoDbEndpointSetting() {
        // aws.endpointUrlDynamoDb is the system-property twin of AWS_ENDPOINT_URL_DYNAMODB (the names the SDK's
        // DefaultDynamoDbBaseClientBuilder reads, 2.59.1); the credentials come through the default chain.
        Map<String, String> saved = new HashMap<>();
        for (String s : SETTINGS) saved.put(s, System.getProperty(s));
        try (Dynalite dynalite = Dynalite.start()) {
            String table = dynalite.workTable();
            System.setProperty("aws.accessKeyId", "dynalite");
            System.setProperty("aws.secretAccessKey", "dynalite");
            System.setProperty("aws.region", "eu-west-1");
            System.setProperty("aws.endpointUrlDynamoDb", dynalite.endpoint().toString());
            WorkRecord wanted = searching(root(), LOW, now() + 10_000, "10.0.0.1");
            try (DynamoWorkRecords records = DynamoWorkRecords.fromEnvironment(table)) {
                assertEquals(new WorkRecords.Claim.Claimed(wanted), records.claim(wanted, now()));
            }
            assertEquals(Optional.of(wanted), new DynamoWorkRecords(dynalite.client(), table).read(wanted.root()));
        } finally {
            saved.forEach((k, v) -> {
                if (v == null) System.clearProperty(k);
                else System.setProperty(k, v);
            });
        }
    }

    @Test
    void aRefusedClaimLearnsTheStandingRecordInTheSameRoundTrip() {
        long now = now();
        WorkRecord standing = searching(root(), LOW, now + 10_000, "10.0.0.1");
        AtomicInteger reads = new AtomicInteger();
        // DynamoDB with ReturnValuesOnConditionCheckFailure=ALL_OLD: the refusal carries the item (dynalite's does
        // not, which the other tests cover).
        DynamoDbClient dynamo = new DynamoDbClient() {
            @Override
            public PutItemResponse putItem(PutItemRequest request) {
                assertEquals("ALL_OLD", request.returnValuesOnConditionCheckFailureAsString());
                throw ConditionalCheckFailedException.builder()
                        .message("The conditional request failed")
                        .item(RecordItems.item(standing))
                        .build();
            }

            @Override
            public GetItemResponse getItem(GetItemRequest request) {
                reads.incrementAndGet();
                return GetItemResponse.builder().build();
            }

            @Override
            public String serviceName() {
                return "dynamodb";
            }

            @Override
            public void close() {}
        };
        DynamoWorkRecords records = new DynamoWorkRecords(dynamo, "t");
        assertEquals(
                new WorkRecords.Claim.Standing(standing),
                records.claim(searching(standing.root(), LOW, now + 10_000, "10.0.0.2"), now));
        assertEquals(0, reads.get(), "no second round trip");
        // A refusal without the item and no item to read (deleted in between, twice): unavailable, never a claim.
        DynamoWorkRecords empty = new DynamoWorkRecords(
                new DynamoDbClient() {
                    @Override
                    public PutItemResponse putItem(PutItemRequest request) {
                        throw ConditionalCheckFailedException.builder().build();
                    }

                    @Override
                    public GetItemResponse getItem(GetItemRequest request) {
                        reads.incrementAndGet();
                        return GetItemResponse.builder().build();
                    }

                    @Override
                    public String serviceName() {
                        return "dynamodb";
                    }

                    @Override
                    public void close() {}
                },
                "t");
        assertThrows(RecordUnavailable.class, () -> empty.claim(standing, now));
        assertEquals(2, reads.get());
    }
}
