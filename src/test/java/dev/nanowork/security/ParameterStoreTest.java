package dev.nanowork.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.nanowork.access.AccessSettings;
import dev.nanowork.access.ParameterStore;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.access.SharedSecret.Verdict;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The key read from SSM through the AWS Parameters and Secrets Lambda Extension, against a local stub
 * that answers as the extension does (GET /systemsmanager/parameters/get, X-Aws-Parameters-Secrets-Token).
 */
class ParameterStoreTest {
    static final String TOKEN = "session-token-abc";
    static final String VALUE = "from-ssm-9d2c";
    HttpServer extension;
    final List<String> seen = new ArrayList<>();

    @BeforeEach
    void startStub() throws Exception {
        extension = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        extension.createContext("/systemsmanager/parameters/get", exchange -> {
            seen.add(exchange.getRequestURI().getRawQuery() + " token="
                    + exchange.getRequestHeaders().getFirst("X-Aws-Parameters-Secrets-Token"));
            boolean authorised = TOKEN.equals(exchange.getRequestHeaders().getFirst("X-Aws-Parameters-Secrets-Token"));
            boolean known = exchange.getRequestURI().getRawQuery().startsWith("name=%2Fnano-work%2Fkey&");
            int status = !authorised ? 401 : known ? 200 : 400;
            byte[] body = (status == 200
                            ? "{\"Parameter\":{\"Name\":\"/nano-work/key\",\"Type\":\"SecureString\",\"Value\":\""
                                    + VALUE + "\",\"Version\":1}}"
                            : "parameter not found")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        extension.start();
    }

    @AfterEach
    void stopStub() {
        extension.stop(0);
    }

    ParameterStore store(String token) {
        return new ParameterStore(
                URI.create("http://127.0.0.1:" + extension.getAddress().getPort()), token);
    }

    @Test
    void readsTheDecryptedParameterWithTheSessionToken() {
        assertEquals(VALUE, store(TOKEN).read("/nano-work/key"));
        assertEquals(List.of("name=%2Fnano-work%2Fkey&withDecryption=true token=" + TOKEN), seen);
        SharedSecret secret =
                AccessSettings.resolve(Optional.empty(), Optional.of("/nano-work/key"), env -> store(TOKEN));
        assertEquals(Verdict.ALLOWED, secret.check(Optional.of("Bearer " + VALUE), Optional.empty()));
        assertEquals(Verdict.WRONG, secret.check(Optional.of("Bearer nope"), Optional.empty()));
    }

    @Test
    void failuresStopStartUpWithAReasonAndNeverTheValue() {
        IllegalStateException refused = assertThrows(
                IllegalStateException.class, () -> store("wrong-token").read("/nano-work/key"));
        assertTrue(
                refused.getMessage().contains("HTTP 401")
                        && refused.getMessage().contains("/nano-work/key"),
                refused.getMessage());
        IllegalStateException missing =
                assertThrows(IllegalStateException.class, () -> store(TOKEN).read("/other"));
        assertTrue(missing.getMessage().contains("HTTP 400"), missing.getMessage());
        extension.stop(0);
        IllegalStateException unreachable =
                assertThrows(IllegalStateException.class, () -> store(TOKEN).read("/nano-work/key"));
        assertTrue(unreachable.getMessage().contains("extension layer"), unreachable.getMessage());
        assertFalse((refused.getMessage() + missing.getMessage() + unreachable.getMessage()).contains(VALUE));
        assertThrows(
                IllegalStateException.class,
                () -> ParameterStore.fromEnvironment(Map.of()),
                "no AWS_SESSION_TOKEN outside Lambda");
    }

    @Test
    void aKeyOrAParameterOrNeither() {
        // Fail closed (issue 13): a blank parameter name no longer means "open"; it stops start-up.
        assertThrows(
                IllegalArgumentException.class,
                () -> AccessSettings.resolve(Optional.empty(), Optional.of(" "), env -> {
                    throw new AssertionError("not read");
                }));
        assertFalse(AccessSettings.resolve(Optional.empty(), Optional.empty(), env -> {
                    throw new AssertionError("not read");
                })
                .required());
        assertTrue(AccessSettings.resolve(Optional.of("k"), Optional.empty(), env -> {
                    throw new AssertionError("not read");
                })
                .required());
        assertThrows(
                IllegalArgumentException.class,
                () -> AccessSettings.resolve(Optional.of("k"), Optional.of("/p"), env -> store(TOKEN)));
    }
}
