package dev.nanowork.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The harness itself: dynalite answers DynamoDB's API, the work table is as the Terraform makes it, a client that goes
 * away mid-request loses only its own request, close stops it.
 */
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

    /**
     * A client that closes its connection before its request arrived whole, as a worker does when it stops its record
     * watch (the watch's virtual thread, interrupted inside a GetItem, closes its socket): DynamoDB drops that request
     * and serves on. dynalite 4.0.0 threw there and exited (every later call "Connection refused"); npm ci patches it
     * (tools/node/patch-dynalite.js).
     */
    @Test
    void aClientThatClosesMidRequestLosesOnlyItsOwnRequest() throws IOException, InterruptedException {
        try (Dynalite dynalite = Dynalite.start()) {
            String table = dynalite.workTable();
            String body = "{\"TableName\":\"" + table + "\",\"Key\":{\"root\":{\"S\":\"AB\"}},\"ConsistentRead\":true}";
            String head = "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-amz-json-1.0\r\n"
                    + "X-Amz-Target: DynamoDB_20120810.GetItem\r\nContent-Length: " + body.length() + "\r\n\r\n";
            try (Socket client = new Socket("127.0.0.1", dynalite.endpoint().getPort())) {
                OutputStream out = client.getOutputStream();
                out.write((head + body.substring(0, body.length() / 2)).getBytes(StandardCharsets.US_ASCII));
                out.flush();
            }
            // The unpatched dynalite exits within milliseconds of the close; a second of calls would see it.
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            do {
                try {
                    assertEquals(
                            table, dynalite.client().listTables().tableNames().getFirst());
                } catch (SdkClientException e) {
                    throw new AssertionError(
                            "dynalite stopped answering after a client closed mid-request: " + dynalite.output(), e);
                }
                Thread.sleep(50);
            } while (System.nanoTime() < until);
            assertTrue(dynalite.output().contains("Request dropped"), "the drop is said: " + dynalite.output());
        }
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
