package dev.nanowork.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The keys read through the AWS SDK, against {@link SsmStandIn}: the store as built for Lambda (the SDK's default
 * credential chain, region and {@code aws.endpointUrlSsm}, the system-property twin of {@code AWS_ENDPOINT_URL_SSM}),
 * one GetParameters for every name, and SSM's refusals passed on by name (the stand-in's own rules: SsmStandInTest).
 */
class SsmParameterStoreTest {
    static final String VALUE = "from-ssm-9d2c0e-0123456789abcdefghij";
    static final String OPERATOR = "operator-from-ssm-0123456789abcdefgh";
    static final SsmStandIn.Issued ROLE = new SsmStandIn.Issued("ASIATESTROLE", "role-secret", "session-token-1");
    static final List<String> SETTINGS =
            List.of("aws.accessKeyId", "aws.secretAccessKey", "aws.sessionToken", "aws.region", "aws.endpointUrlSsm");

    SsmStandIn ssm;
    final Map<String, String> saved = new HashMap<>();

    @BeforeEach
    void start() throws Exception {
        ssm = new SsmStandIn("us-east-1", Set.of("/nano-work/auth-key", "/nano-work/operator-key"));
        ssm.issue(ROLE);
        ssm.put("/nano-work/auth-key", "first-key-0123456789abcdefghijklmn", Instant.parse("2026-11-01T00:00:00Z"));
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
    void readsEveryNameInOneCallSignedByTheDefaultChainAndListsWhatItLacks() {
        ssm.put("/nano-work/operator-key", OPERATOR, Instant.parse("2026-10-01T00:00:00Z"));
        try (SsmParameterStore store = fromEnvironment(ROLE)) {
            ParameterStore.Found found =
                    store.read(List.of("/nano-work/operator-key", "/nano-work/auth-key", "/nano-work/auth-key:1"));
            ParameterStore.Version latest = found.versions().get("/nano-work/auth-key");
            assertEquals(VALUE, latest.value());
            assertEquals(2, latest.number());
            assertEquals(Instant.parse("2026-12-01T00:00:00Z"), latest.modified());
            assertEquals(
                    "first-key-0123456789abcdefghijklmn",
                    found.versions().get("/nano-work/auth-key:1").value());
            assertEquals(
                    OPERATOR, found.versions().get("/nano-work/operator-key").value());
            assertEquals(Set.of(), found.invalid());
            assertFalse(latest.toString().contains(VALUE), "a version names no value: " + latest);
            // GetParameters never throws ParameterNotFound: a version it no longer keeps, and a name it lacks, are
            // listed as InvalidParameters, as asked.
            ParameterStore.Found lacking = store.read(List.of("/nano-work/auth-key:7", "/nano-work/auth-key"));
            assertEquals(Set.of("/nano-work/auth-key:7"), lacking.invalid());
            assertEquals(Set.of("/nano-work/auth-key"), lacking.versions().keySet());
        }
        assertEquals(
                List.of(
                        new SsmStandIn.Seen(
                                "/nano-work/operator-key,/nano-work/auth-key,/nano-work/auth-key:1",
                                ROLE.accessKeyId(),
                                "ok"),
                        new SsmStandIn.Seen(
                                "/nano-work/auth-key:7,/nano-work/auth-key",
                                ROLE.accessKeyId(),
                                "invalid [\"/nano-work/auth-key:7\"]")),
                ssm.seen());
    }

    @Test
    void refusalsNameTheParametersAndSsmsReasonNeverTheValue() {
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
        try (SsmParameterStore store = fromEnvironment(ROLE)) {
            List<String> eleven = IntStream.range(0, 11).mapToObj(i -> "/p" + i).toList();
            assertThrows(IllegalArgumentException.class, () -> store.read(eleven), "GetParameters takes 10 names");
            assertThrows(IllegalArgumentException.class, () -> store.read(List.of()));
        }
    }

    void assertRefused(SsmStandIn.Issued who, String name, String type) {
        try (SsmParameterStore store = fromEnvironment(who)) {
            KeyUnavailableException e =
                    assertThrows(KeyUnavailableException.class, () -> store.read(List.of("/nano-work/auth-key", name)));
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
}
