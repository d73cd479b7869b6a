package dev.nanowork.security;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.access.Credentials;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.kernel.PrimedRate;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.support.Builds;
import dev.nanowork.support.HardWorkProfile;
import dev.nanowork.support.OwnThread;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Issue 20, item 2, over HTTP (the Lambda event path in the default build, real HTTP in the self-hosted one): the
 * wallet key lets wallets generate, validate and cancel their own searches; {@code benchmark}, the details of
 * {@code status} and cancelling another client's search take the operator key, a different one.
 */
@QuarkusTest
@TestProfile(HardWorkProfile.class)
class OperatorKeyTest {
    /** The RPC under test: the host facts it holds (start-up's priming) are what status must say. */
    @Inject
    WorkRpc rpc;

    static final String WALLET = "Bearer " + HardWorkProfile.KEY;
    static final String OPERATOR = "Bearer " + HardWorkProfile.OPERATOR_KEY;
    static final String HASH = HardWorkProfile.HASH;

    @TestHTTPResource("/")
    URL url;

    static Map<String, Object> post(String path, String authorization, String body) {
        Response r =
                given().header("Authorization", authorization).body(body).when().post(path);
        assertEquals(200, r.statusCode(), path + ": " + r.asString());
        return r.jsonPath().getMap("$");
    }

    @Test
    void statusDetailsAreTheOperatorsOnly() {
        for (String path : new String[] {"/status", "/"}) {
            Map<String, Object> wallet = post(path, WALLET, "{\"action\":\"status\"}");
            assertEquals("0000000000000000", wallet.get("min_difficulty"), path + ": " + wallet);
            assertTrue(wallet.containsKey("serves"), wallet.toString());
            for (String detail : new String[] {"kernel", "cpu_model", "version", "requests_served", "searching"}) {
                assertFalse(wallet.containsKey(detail), path + ": a wallet does not see " + detail + ": " + wallet);
            }
            Map<String, Object> operator = post(path, OPERATOR, "{\"action\":\"status\"}");
            assertTrue(operator.containsKey("kernel") && operator.containsKey("searching"), operator.toString());
        }
    }

    /**
     * Issue 22: the operator's status says the rate the kept kernel was primed at, against its compiled rate (the
     * race's), and whether priming reached full speed: what start-up measured, not a fixed answer. A wallet sees none.
     */
    @Test
    void theOperatorsStatusSaysThePrimedRateAgainstTheRacedOne() {
        PrimedRate primed = rpc.host().primed();
        assertTrue(primed.primed().isPresent(), "this function searches, so its kernel was primed: " + primed);
        for (String path : new String[] {"/status", "/"}) {
            Map<String, Object> operator = post(path, OPERATOR, "{\"action\":\"status\"}");
            assertEquals(PrimedRate.mhs(primed.primed()), operator.get("primed_mhs"), path + ": " + operator);
            assertEquals(PrimedRate.mhs(primed.raced()), operator.get("raced_mhs"), path + ": " + operator);
            assertEquals(primed.fullSpeed() ? "1" : "0", operator.get("primed_full_speed"), path + ": " + operator);
            assertTrue(Double.parseDouble((String) operator.get("primed_mhs")) > 0, "a measured rate: " + operator);
            Map<String, Object> wallet = post(path, WALLET, "{\"action\":\"status\"}");
            for (String detail : new String[] {"primed_mhs", "raced_mhs", "primed_full_speed"})
                assertFalse(wallet.containsKey(detail), path + ": a wallet does not see " + detail + ": " + wallet);
        }
    }

    @Test
    void benchmarkTakesTheOperatorKey() {
        String body = "{\"action\":\"benchmark\",\"duration\":\"0.05\"}";
        for (String path : new String[] {"/benchmark", "/"}) {
            Map<String, Object> wallet = post(path, WALLET, body);
            assertEquals("Key required", wallet.get("error"), path + ": " + wallet);
            assertTrue(String.valueOf(wallet.get("hint")).contains("operator key"), wallet.toString());
            assertEquals("0", post("/status", OPERATOR, "").get("searching"), "no benchmark ran for the wallet");
            Map<String, Object> operator = post(path, OPERATOR, body);
            assertTrue(operator.containsKey("mhs"), path + ": " + operator);
        }
    }

    @Test
    void theOperatorKeyAlsoLetsIn() {
        String validate = "{\"action\":\"work_validate\",\"hash\":\"" + HASH + "\",\"work\":\"2bf29ef00786a6bc\"}";
        assertEquals("1", post("/", OPERATOR, validate).get("valid_receive"));
        assertEquals("1", post("/", WALLET, validate).get("valid_receive"));
        assertEquals("Invalid key", post("/", "Bearer not-a-key", validate).get("error"));
    }

    /**
     * Self-hosted, where searches of several clients share the queue: a wallet at another address cancels nothing
     * of a client's search, even holding the same wallet key; the operator cancels it.
     */
    @Test
    void onlyTheOperatorCancelsAnotherClientsSearch() throws Exception {
        Assumptions.assumeTrue(Builds.selfHosted(), "concurrent clients need the self-hosted build (-DselfHosted)");
        String generate = HardWorkProfile.body("work_generate", "");
        CompletableFuture<String> client = OwnThread.supply(() -> postFrom("127.0.0.2", generate));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (!"1".equals(post("/status", OPERATOR, "").get("searching"))) {
            assertTrue(System.nanoTime() < until, "the client's search was seen running");
            Thread.sleep(5);
        }
        String cancel = "{\"action\":\"work_cancel\",\"hash\":\"" + HASH + "\"}";
        post("/", WALLET, cancel); // from 127.0.0.1: another client, with the shared wallet key
        Thread.sleep(100);
        assertEquals("1", post("/status", OPERATOR, "").get("searching"), "the wallet's cancel reached nothing");
        assertFalse(client.isDone(), "the client still waits for its search");
        post("/", OPERATOR, cancel);
        String answer = client.get(5, TimeUnit.SECONDS);
        assertTrue(answer.contains("\"Cancelled\""), "the operator's cancel reached it: " + answer);
    }

    /** A POST with the wallet key from {@code local} (another loopback address: another client). */
    private String postFrom(String local, String body) {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(local, 0));
            socket.connect(new InetSocketAddress("127.0.0.1", url.getPort()));
            socket.setSoTimeout(10_000);
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            OutputStream out = socket.getOutputStream();
            out.write(("POST / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nAuthorization: " + WALLET
                            + "\r\nContent-Type: application/json\r\nContent-Length: " + bytes.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theOperatorKeyMustDifferFromTheWalletKey() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new Credentials(SharedSecret.of("same"), SharedSecret.of(" same\n")));
        assertTrue(e.getMessage().contains("must differ"), e.getMessage());
    }
}
