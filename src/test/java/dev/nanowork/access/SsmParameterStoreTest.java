package dev.nanowork.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.ContainerCredentialsStandIn;
import dev.nanowork.support.SsmStandIn;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.ssm.SsmClient;

/**
 * The keys read through the AWS SDK, against {@link SsmStandIn}: the store as built for Lambda (the SDK's default
 * credential chain, region and {@code aws.endpointUrlSsm}, the system-property twin of {@code AWS_ENDPOINT_URL_SSM}),
 * and the stand-in refusing what SSM refuses.
 */
class SsmParameterStoreTest {
    static final String VALUE = "from-ssm-9d2c0e";
    static final SsmStandIn.Issued ROLE = new SsmStandIn.Issued("ASIATESTROLE", "role-secret", "session-token-1");
    static final List<String> SETTINGS =
            List.of("aws.accessKeyId", "aws.secretAccessKey", "aws.sessionToken", "aws.region", "aws.endpointUrlSsm");

    SsmStandIn ssm;
    final Map<String, String> saved = new HashMap<>();

    @BeforeEach
    void start() throws Exception {
        ssm = new SsmStandIn("us-east-1", Set.of("/nano-work/auth-key", "/nano-work/operator-key"));
        ssm.issue(ROLE);
        ssm.put("/nano-work/auth-key", "first-key", Instant.parse("2026-11-01T00:00:00Z"));
        ssm.put("/nano-work/auth-key", VALUE, Instant.parse("2026-12-01T00:00:00Z"));
        for (String s : SETTINGS) saved.put(s, System.getProperty(s));
    }

    @AfterEach
    void stop() {
        ssm.close();
        saved.forEach((k, v) -> {
            if (v == null) System.clearProperty(k);
            else System.setProperty(k, v);
        });
    }

    /** The store exactly as Lambda builds it, with the SDK's settings as system properties. */
    SsmParameterStore fromEnvironment(SsmStandIn.Issued who) {
        System.setProperty("aws.accessKeyId", who.accessKeyId());
        System.setProperty("aws.secretAccessKey", who.secretKey());
        System.setProperty("aws.sessionToken", who.sessionToken());
        System.setProperty("aws.region", "us-east-1");
        System.setProperty("aws.endpointUrlSsm", ssm.endpoint());
        return SsmParameterStore.fromEnvironment();
    }

    @Test
    void readsTheNewestVersionAndAnOlderOneSignedByTheDefaultChain() {
        try (SsmParameterStore store = fromEnvironment(ROLE)) {
            ParameterStore.Version latest = store.latest("/nano-work/auth-key");
            assertEquals(VALUE, latest.value());
            assertEquals(2, latest.number());
            assertEquals(Instant.parse("2026-12-01T00:00:00Z"), latest.modified());
            assertEquals(
                    "first-key",
                    store.version("/nano-work/auth-key", 1).orElseThrow().value());
            assertEquals(Optional.empty(), store.version("/nano-work/auth-key", 7), "a version SSM no longer keeps");
            assertFalse(latest.toString().contains(VALUE), "a version names no value: " + latest);
        }
        assertEquals(
                List.of(
                        new SsmStandIn.Seen("/nano-work/auth-key", ROLE.accessKeyId(), "ok"),
                        new SsmStandIn.Seen("/nano-work/auth-key:1", ROLE.accessKeyId(), "ok"),
                        new SsmStandIn.Seen("/nano-work/auth-key:7", ROLE.accessKeyId(), "ParameterVersionNotFound")),
                ssm.seen());
    }

    @Test
    void refusalsNameTheParameterAndSsmsReasonNeverTheValue() {
        assertRefused(ROLE, "/nano-work/operator-key", "ParameterNotFound");
        assertRefused(ROLE, "/other/key", "AccessDeniedException");
        assertRefused(
                new SsmStandIn.Issued(ROLE.accessKeyId(), ROLE.secretKey(), "stale-token"),
                "/nano-work/auth-key",
                "UnrecognizedClientException");
        assertRefused(
                new SsmStandIn.Issued(ROLE.accessKeyId(), "wrong-secret", ROLE.sessionToken()),
                "/nano-work/auth-key",
                "InvalidSignatureException");
        assertRefused(
                new SsmStandIn.Issued("ASIAUNKNOWN", ROLE.secretKey(), ROLE.sessionToken()),
                "/nano-work/auth-key",
                "UnrecognizedClientException");
    }

    void assertRefused(SsmStandIn.Issued who, String name, String type) {
        try (SsmParameterStore store = fromEnvironment(who)) {
            KeyUnavailableException e = assertThrows(KeyUnavailableException.class, () -> store.latest(name));
            assertTrue(e.getMessage().contains(name) && e.getMessage().contains(type), e.getMessage());
            assertFalse(e.getMessage().contains(VALUE), e.getMessage());
        }
    }

    @Test
    void theContainerCredentialsEndpointAnswersOnlyWithItsToken() throws Exception {
        try (ContainerCredentialsStandIn endpoint = new ContainerCredentialsStandIn("auth-token", ROLE)) {
            HttpClient http = HttpClient.newHttpClient();
            for (String token : new String[] {null, "other-token"}) {
                HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(endpoint.fullUri()));
                if (token != null) request.header("Authorization", token);
                assertEquals(
                        401,
                        http.send(request.build(), HttpResponse.BodyHandlers.ofString())
                                .statusCode());
            }
            HttpResponse<String> ok = http.send(
                    HttpRequest.newBuilder(URI.create(endpoint.fullUri()))
                            .header("Authorization", "auth-token")
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, ok.statusCode());
            assertTrue(ok.body().contains("\"Token\":\"" + ROLE.sessionToken() + "\""), ok.body());
            assertEquals(2, endpoint.refused());
        }
    }

    @Test
    void theStandInRefusesWhatSsmRefuses() throws Exception {
        // Unsigned: no Authorization header.
        HttpResponse<String> unsigned = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(ssm.endpoint() + "/"))
                                .header("X-Amz-Target", "AmazonSSM.GetParameter")
                                .header("Content-Type", "application/x-amz-json-1.1")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "{\"Name\":\"/nano-work/auth-key\",\"WithDecryption\":true}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(400, unsigned.statusCode());
        assertTrue(unsigned.body().contains("MissingAuthenticationTokenException"), unsigned.body());
        // A SecureString read without decryption is its ciphertext.
        try (SsmClient client = SsmClient.builder()
                .region(Region.US_EAST_1)
                .endpointOverride(URI.create(ssm.endpoint()))
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsSessionCredentials.create(ROLE.accessKeyId(), ROLE.secretKey(), ROLE.sessionToken())))
                .httpClientBuilder(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.builder())
                .build()) {
            String encrypted = client.getParameter(r -> r.name("/nano-work/auth-key"))
                    .parameter()
                    .value();
            assertNotEquals(VALUE, encrypted);
        }
        // Signed for another region: refused.
        SsmStandIn.Issued role = ROLE;
        System.setProperty("aws.region", "eu-west-1");
        try (SsmParameterStore store = new SsmParameterStore(SsmClient.builder()
                .region(Region.EU_WEST_1)
                .endpointOverride(URI.create(ssm.endpoint()))
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsSessionCredentials.create(role.accessKeyId(), role.secretKey(), role.sessionToken())))
                .httpClientBuilder(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.builder())
                .build())) {
            KeyUnavailableException e =
                    assertThrows(KeyUnavailableException.class, () -> store.latest("/nano-work/auth-key"));
            assertTrue(e.getMessage().contains("InvalidSignatureException"), e.getMessage());
        }
    }
}
