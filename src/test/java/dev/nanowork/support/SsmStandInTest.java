package dev.nanowork.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.SsmStandIn.Issued;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.ssm.SsmClient;
import software.amazon.awssdk.services.ssm.model.GetParametersRequest;
import software.amazon.awssdk.services.ssm.model.GetParametersResponse;
import software.amazon.awssdk.services.ssm.model.Parameter;
import software.amazon.awssdk.services.ssm.model.SsmException;

/** The SSM stand-in refuses what SSM refuses, as SSM types it, and answers GetParameters as SSM documents it. */
class SsmStandInTest {
    static final Issued ROLE = new Issued("ASIASSMSTANDIN", "secret", "session");
    static final String WALLET = "/nano-work/auth-key";
    static final String OPERATOR = "/nano-work/operator-key";

    SsmStandIn ssm;
    SsmClient client;

    @BeforeEach
    void start() throws Exception {
        ssm = new SsmStandIn("us-east-1", Set.of(WALLET, OPERATOR, "/nope"));
        ssm.issue(ROLE);
        ssm.put(WALLET, "wallet-1", Instant.parse("2026-11-01T00:00:00Z"));
        ssm.put(WALLET, "wallet-2", Instant.parse("2026-12-01T00:00:00Z"));
        ssm.put(OPERATOR, "operator-1", Instant.parse("2026-10-01T00:00:00Z"));
        client = client(Region.US_EAST_1, Duration.ofSeconds(5));
    }

    @AfterEach
    void stop() {
        client.close();
        ssm.close();
    }

    SsmClient client(Region region, Duration timeout) {
        return SsmClient.builder()
                .region(region)
                .endpointOverride(URI.create(ssm.endpoint()))
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsSessionCredentials.create(ROLE.accessKeyId(), ROLE.secretKey(), ROLE.sessionToken())))
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .overrideConfiguration(o -> o.apiCallTimeout(timeout))
                .build();
    }

    static String refusal(SsmClient c, Consumer<GetParametersRequest.Builder> request) {
        SsmException e = assertThrows(SsmException.class, () -> c.getParameters(request));
        return e.statusCode() + " " + e.awsErrorDetails().errorCode();
    }

    @Test
    void answersTheNewestVersionsAndAskedOnesInAlphabeticalOrderAndListsWhatItLacks() {
        GetParametersResponse answer = client.getParameters(
                r -> r.names(WALLET + ":1", OPERATOR, WALLET, "/nope").withDecryption(true));
        List<String> shown = answer.parameters().stream()
                .map(p -> p.name() + (p.selector() == null ? "" : p.selector()) + "=" + p.value() + " v" + p.version())
                .toList();
        assertEquals(List.of(WALLET + "=wallet-2 v2", WALLET + ":1=wallet-1 v1", OPERATOR + "=operator-1 v1"), shown);
        assertEquals(
                Instant.parse("2026-12-01T00:00:00Z"),
                answer.parameters().get(0).lastModifiedDate());
        // No ParameterNotFound from GetParameters: what it lacks is listed, as asked.
        assertEquals(List.of("/nope"), answer.invalidParameters());
        GetParametersResponse versions = client.getParameters(
                r -> r.names(WALLET + ":3", WALLET + ":current").withDecryption(true));
        assertEquals(List.of(), versions.parameters());
        assertEquals(List.of(WALLET + ":3", WALLET + ":current"), versions.invalidParameters());
    }

    @Test
    void aSecureStringReadWithoutDecryptionIsItsCiphertext() {
        Parameter p = client.getParameters(r -> r.names(WALLET)).parameters().get(0);
        assertNotEquals("wallet-2", p.value());
        assertEquals("SecureString", p.typeAsString());
    }

    @Test
    void refusesWhatSsmRefuses() throws Exception {
        assertEquals("400 ValidationException", refusal(client, r -> r.names(List.of())));
        List<String> eleven = IntStream.range(0, 11).mapToObj(i -> WALLET).toList();
        assertEquals("400 ValidationException", refusal(client, r -> r.names(eleven)));
        assertEquals("400 ValidationException", refusal(client, r -> r.names("/" + "n".repeat(2048))));
        // IAM: one name the role may not read refuses the whole call.
        assertEquals("400 AccessDeniedException", refusal(client, r -> r.names(WALLET, "/other/key")));
        try (SsmClient elsewhere = client(Region.EU_WEST_1, Duration.ofSeconds(5))) {
            assertEquals("400 InvalidSignatureException", refusal(elsewhere, r -> r.names(WALLET)));
        }
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> unsigned = http.send(
                HttpRequest.newBuilder(URI.create(ssm.endpoint() + "/"))
                        .header("X-Amz-Target", "AmazonSSM.GetParameters")
                        .header("Content-Type", "application/x-amz-json-1.1")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"Names\":[\"" + WALLET + "\"]}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, unsigned.statusCode());
        assertTrue(unsigned.body().contains("MissingAuthenticationTokenException"), unsigned.body());
        SsmException other = assertThrows(SsmException.class, () -> client.getParameter(r -> r.name(WALLET)));
        assertEquals("UnknownOperationException", other.awsErrorDetails().errorCode(), "GetParameter is not served");
    }

    @Test
    void silentItTakesTheRequestAndNeverAnswersUntilToldTo() {
        ssm.silent(true);
        try (SsmClient impatient = client(Region.US_EAST_1, Duration.ofMillis(300))) {
            long start = System.nanoTime();
            assertThrows(SdkClientException.class, () -> impatient.getParameters(r -> r.names(WALLET)));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms >= 290 && ms < 2_000, "ended by the client's own timeout: " + ms + " ms");
        }
        assertTrue(
                ssm.seen().stream().allMatch(s -> s.outcome().equals("silent")),
                ssm.seen().toString());
        ssm.silent(false);
        assertEquals(1, client.getParameters(r -> r.names(WALLET)).parameters().size());
    }
}
