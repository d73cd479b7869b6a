package dev.nanowork.security;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.function.WorkEngine;
import dev.nanowork.support.Builds;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 20, item 5, over real HTTP with the self-hosted build's defaults: a web page cannot drive the local server.
 * A request from any browser origin is refused before any handler (CORS allows none by default), so a page's
 * text/plain {@code work_cancel} or {@code benchmark} never runs; and a page that rebinds its own name to 127.0.0.1
 * (same-origin to itself) is refused by its {@code Host}, which only the localhost names pass.
 */
@QuarkusTest
class DriveByTest {
    static final String BENCHMARK = "{\"action\":\"benchmark\",\"duration\":\"2\"}";

    @TestHTTPResource("/")
    URL url;

    @Inject
    WorkEngine engine;

    @BeforeEach
    void selfHostedOnly() {
        Assumptions.assumeTrue(Builds.selfHosted(), "the self-hosted build's defaults (-DselfHosted)");
    }

    @Test
    void aPageOfAnyOriginIsRefusedBeforeAnyHandler() {
        for (String action : new String[] {"benchmark", "work_cancel"}) {
            String body = action.equals("benchmark")
                    ? BENCHMARK
                    : "{\"action\":\"work_cancel\",\"hash\":\"" + "0".repeat(64) + "\"}";
            Response r = given().header("Origin", "https://drive-by.example")
                    .contentType("text/plain")
                    .body(body)
                    .when()
                    .post("/");
            assertEquals(403, r.statusCode(), action + ": refused by CORS: " + r.asString());
            assertFalse(engine.queue().searching(), action + ": nothing ran");
        }
        Response options = given().when().options("/");
        assertEquals(200, options.statusCode());
        assertNull(options.header("Access-Control-Allow-Origin"), "no origin is named allowed");
    }

    @Test
    void aRebindingPageIsRefusedByItsHost() throws IOException {
        String refused = exchange("drive-by.example:" + url.getPort(), BENCHMARK);
        assertTrue(refused.contains("\"Host not allowed\""), refused);
        // The hint names no host: neither an allowed one (what a rebinding page would rebind to) nor the one sent.
        for (String name : new String[] {"localhost", "127.0.0.1", "::1", "drive-by"}) {
            assertFalse(refused.contains(name), name + " named in " + refused);
        }
        assertFalse(engine.queue().searching(), "no benchmark ran for it");
        String status = "{\"action\":\"status\"}";
        for (String host : new String[] {"localhost:" + url.getPort(), "127.0.0.1", "[::1]:" + url.getPort()}) {
            String served = exchange(host, status);
            assertTrue(served.contains("\"serves\""), host + ": " + served);
        }
    }

    /** One request with {@code host} as its Host header, its whole answer. */
    private String exchange(String host, String body) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", url.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST / HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\nContent-Type: text/plain\r\n"
                            + "Content-Length: " + body.length() + "\r\n\r\n" + body)
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
