package dev.nanowork.support;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * dynalite (npm, Apache-2.0: DynamoDB's API over HTTP, in memory), installed by {@code npm ci} from tools/node during
 * the build and started by the tests as a node process on a free loopback port, as nginx and Chromium are. Without
 * node or dynalite a test is skipped with the reason, and fails under CI=true: CI must run it. npm ci patches one line
 * of it (tools/node/patch-dynalite.js): a client that closes its connection mid-request loses only that request, as on
 * DynamoDB, where dynalite 4.0.0 exited.
 *
 * <pre>{@code
 * static Dynalite dynalite;
 * @BeforeAll static void start() { dynalite = Dynalite.start(); }
 * @AfterAll static void stop() { dynalite.close(); }
 * ... String table = dynalite.workTable(); DynamoDbClient client = dynalite.client(); ...
 * }</pre>
 */
public final class Dynalite implements AutoCloseable {
    /** dynalite's entry point, where {@code npm ci} in tools/node puts it (the tests run in the project's folder). */
    public static final Path CLI = Path.of("tools", "node", "node_modules", "dynalite", "cli.js");

    /** dynalite checks the request's signature format, not its key: any static pair signs for it. */
    public static final StaticCredentialsProvider CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("dynalite", "dynalite"));

    public static final Region REGION = Region.US_EAST_1;

    private final Process process;
    private final int port;
    private final Path log;
    private final DynamoDbClient client;

    private Dynalite(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.client = DynamoDbClient.builder()
                .region(REGION)
                .credentialsProvider(CREDENTIALS)
                .endpointOverride(endpoint())
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .build();
    }

    /** dynalite on a free loopback port, answering; skips (fails under CI=true) when node or dynalite is missing. */
    public static Dynalite start() {
        require(onPath("node"), "node is not on the PATH (bash .ci/run installs Debian's nodejs from apt)");
        require(
                Files.isRegularFile(CLI),
                CLI + " is missing (the build's npm ci in tools/node installs it; run the build's"
                        + " generate-test-resources phase)");
        try {
            int port;
            try (ServerSocket free = new ServerSocket(0)) {
                port = free.getLocalPort();
            }
            Path log = Files.createTempFile("dynalite", ".log");
            // In memory (no --path); a table is ACTIVE at once instead of after dynalite's default 500 ms.
            Process process = new ProcessBuilder(
                            "node",
                            CLI.toString(),
                            "--host",
                            "127.0.0.1",
                            "--port",
                            Integer.toString(port),
                            "--createTableMs",
                            "0")
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            Dynalite dynalite = new Dynalite(process, port, log);
            dynalite.awaitListening();
            return dynalite;
        } catch (IOException e) {
            throw new AssertionError("cannot start dynalite: " + e, e);
        }
    }

    private static void require(boolean present, String why) {
        if (present) return;
        if (System.getenv("CI") != null) throw new AssertionError(why + ": CI must run this test");
        Assumptions.abort(why);
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, program))) return true;
        }
        return false;
    }

    /** node starts dynalite in about half a second on the 2-core build machine; a slow one gets 20 s. */
    private void awaitListening() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            if (!process.isAlive()) throw new AssertionError("dynalite exited: " + output());
            try {
                // It accepts connections only once its server listens; one call proves it answers DynamoDB's API.
                new Socket("127.0.0.1", port).close();
                client.listTables();
                return;
            } catch (ConnectException e) {
                if (System.nanoTime() > deadline) {
                    close();
                    throw new AssertionError("dynalite did not listen within 20 s: " + output(), e);
                }
                pause();
            } catch (IOException e) {
                close();
                throw new AssertionError("dynalite: " + e + ": " + output(), e);
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Where dynalite answers, for {@code endpointOverride} or {@code AWS_ENDPOINT_URL_DYNAMODB}. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** A client of this dynalite (static test credentials, {@link #REGION}); closed with it. */
    public DynamoDbClient client() {
        return client;
    }

    /**
     * A new, empty table of work records, as the Terraform makes it: the key {@code root} (a string), on demand. Its
     * name is unique, so every test can have its own. (dynalite has no TTL deletion; the code ignores expired items
     * itself, as it must on DynamoDB, where TTL deletes late.)
     */
    public String workTable() {
        String name = "nano-work-records-" + UUID.randomUUID();
        client.createTable(t -> t.tableName(name)
                .keySchema(KeySchemaElement.builder()
                        .attributeName("root")
                        .keyType(KeyType.HASH)
                        .build())
                .attributeDefinitions(AttributeDefinition.builder()
                        .attributeName("root")
                        .attributeType(ScalarAttributeType.S)
                        .build())
                .billingMode(BillingMode.PAY_PER_REQUEST));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (client.describeTable(d -> d.tableName(name)).table().tableStatus() != TableStatus.ACTIVE) {
            if (System.nanoTime() > deadline) throw new AssertionError("table " + name + " not ACTIVE in 10 s");
            pause();
        }
        return name;
    }

    /** What dynalite printed, for a failure's message. */
    public String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    @Override
    public void close() {
        client.close();
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            // A temporary file left behind is harmless.
        }
    }
}
