package dev.nanowork.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** The harness itself: dynalite answers DynamoDB's API, the work table is as the Terraform makes it, close stops it. */
class DynaliteTest {

    @Test
    void dynaliteServesTheWorkTableAndStopsWhenClosed() {
        Dynalite dynalite = Dynalite.start();
        try {
            String table = dynalite.workTable();
            TableDescription t =
                    dynalite.client().describeTable(d -> d.tableName(table)).table();
            assertEquals("root", t.keySchema().getFirst().attributeName());
            assertEquals(1, t.keySchema().size());
            assertEquals(BillingMode.PAY_PER_REQUEST, t.billingModeSummary().billingMode());
            Map<String, AttributeValue> item =
                    Map.of("root", AttributeValue.fromS("AB"), "state", AttributeValue.fromS("searching"));
            dynalite.client().putItem(p -> p.tableName(table).item(item));
            assertEquals(
                    item,
                    dynalite.client()
                            .getItem(g -> g.tableName(table)
                                    .key(Map.of("root", AttributeValue.fromS("AB")))
                                    .consistentRead(true))
                            .item());
            // A real implementation of the API: a condition that fails is refused, as DynamoDB refuses it.
            assertThrows(
                    ConditionalCheckFailedException.class,
                    () -> dynalite.client()
                            .putItem(p ->
                                    p.tableName(table).item(item).conditionExpression("attribute_not_exists(root)")));
        } finally {
            dynalite.close();
        }
        assertFalse(processAlive(dynalite), "dynalite still runs after close");
    }

    private static boolean processAlive(Dynalite dynalite) {
        try {
            new java.net.Socket("127.0.0.1", dynalite.endpoint().getPort()).close();
            return true;
        } catch (java.io.IOException e) {
            assertTrue(e instanceof java.net.ConnectException, e.toString());
            return false;
        }
    }
}
