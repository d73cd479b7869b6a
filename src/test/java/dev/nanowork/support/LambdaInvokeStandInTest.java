package dev.nanowork.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nanowork.support.SsmStandIn.Issued;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.lambda.LambdaClient;
import software.amazon.awssdk.services.lambda.model.InvocationType;
import software.amazon.awssdk.services.lambda.model.InvokeRequest;
import software.amazon.awssdk.services.lambda.model.InvokeResponse;
import software.amazon.awssdk.services.lambda.model.LambdaException;

/** The Invoke stand-in refuses what Lambda refuses, as Lambda types it; and runs what Lambda runs. */
class LambdaInvokeStandInTest {
    static final Issued ROLE = new Issued("ASIASTANDIN", "secret", "session");

    LambdaInvokeStandIn lambda;
    LambdaClient client;

    @BeforeEach
    void start() throws Exception {
        lambda = new LambdaInvokeStandIn(
                "us-east-1", "worker", "live", 2, Duration.ofSeconds(5), (payload, remaining) -> "{\"ok\":true}");
        lambda.issue(ROLE);
        client = client(ROLE, Region.US_EAST_1);
    }

    @AfterEach
    void stop() {
        client.close();
        lambda.close();
    }

    LambdaClient client(Issued who, Region region) {
        return LambdaClient.builder()
                .endpointOverride(URI.create(lambda.endpoint()))
                .region(region)
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsSessionCredentials.create(who.accessKeyId(), who.secretKey(), who.sessionToken())))
                .build();
    }

    static String refusal(LambdaClient c, Consumer<InvokeRequest.Builder> request) {
        LambdaException e = assertThrows(LambdaException.class, () -> c.invoke(request));
        return e.statusCode() + " " + e.awsErrorDetails().errorCode();
    }

    static void payload(InvokeRequest.Builder r, String name) {
        r.functionName(name).payload(SdkBytes.fromUtf8String("{}"));
    }

    @Test
    void runsTheAliasByNameByArnAndByQualifier() {
        for (Consumer<InvokeRequest.Builder> r : java.util.List.<Consumer<InvokeRequest.Builder>>of(
                b -> payload(b, lambda.qualifiedArn()),
                b -> payload(b, "worker:live"),
                b -> payload(b.qualifier("live"), "worker"))) {
            InvokeResponse response = client.invoke(r);
            assertEquals(200, response.statusCode());
            assertEquals("{\"ok\":true}", response.payload().asUtf8String());
        }
    }

    @Test
    void refusesWhatLambdaRefuses() throws Exception {
        assertEquals("404 ResourceNotFoundException", refusal(client, r -> payload(r, "other:live")));
        assertEquals("403 AccessDeniedException", refusal(client, r -> payload(r, "worker")), "$LATEST, not granted");
        assertEquals("403 AccessDeniedException", refusal(client, r -> payload(r, "worker:other")));
        assertEquals(
                "400 InvalidRequestContentException",
                refusal(client, r -> r.functionName("worker:live").payload(SdkBytes.fromUtf8String("not json"))));
        assertEquals(
                "413 RequestTooLargeException",
                refusal(
                        client,
                        r -> r.functionName("worker:live")
                                .payload(SdkBytes.fromUtf8String(
                                        "\"" + "x".repeat(InvokePayload.LARGEST_PAYLOAD) + "\""))));
        assertEquals(
                "400 InvalidParameterValueException",
                refusal(client, r -> payload(r.invocationType(InvocationType.DRY_RUN), "worker:live")),
                "DryRun: the one type this stand-in refuses (the fan-out never sends it)");
        assertEquals(
                "413 RequestTooLargeException",
                refusal(
                        client,
                        r -> r.functionName("worker:live")
                                .invocationType(InvocationType.EVENT)
                                .payload(SdkBytes.fromUtf8String(
                                        "\"" + "x".repeat(InvokePayload.LARGEST_EVENT) + "\""))),
                "an event's payload is 1 MB at most");
        try (LambdaClient stranger = client(new Issued("ASIASTRANGER", "secret", "session"), Region.US_EAST_1)) {
            assertEquals("403 UnrecognizedClientException", refusal(stranger, r -> payload(r, "worker:live")));
        }
        try (LambdaClient noToken = client(new Issued("ASIASTANDIN", "secret", "other"), Region.US_EAST_1)) {
            assertEquals("403 UnrecognizedClientException", refusal(noToken, r -> payload(r, "worker:live")));
        }
        try (LambdaClient wrongSecret = client(new Issued("ASIASTANDIN", "guess", "session"), Region.US_EAST_1)) {
            assertEquals("403 InvalidSignatureException", refusal(wrongSecret, r -> payload(r, "worker:live")));
        }
        try (LambdaClient elsewhere = client(ROLE, Region.EU_WEST_1)) {
            assertEquals("403 InvalidSignatureException", refusal(elsewhere, r -> payload(r, "worker:live")));
        }
        HttpResponse<String> unsigned = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(
                                        lambda.endpoint() + "/2015-03-31/functions/worker%3Alive/invocations"))
                                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(403, unsigned.statusCode());
        assertEquals(
                "MissingAuthenticationTokenException",
                unsigned.headers().firstValue("x-amzn-ErrorType").orElse(""));
    }
}
