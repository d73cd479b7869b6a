package dev.nanowork.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.support.HardWorkProfile;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * samples/nano-node/nginx-work-peer.conf: nginx accepts it as written, and, with its HTTPS URL replaced by
 * the test server's plain-HTTP one and its key by the test server's, forwards POST bodies and answers through
 * unchanged with the key added, as nano_node (which sends no credential) uses it: a nano_node-shaped client
 * ({@link NanoNodePeerClient}) gets work, and cancels by closing its connection and by work_cancel. nginx comes
 * from Debian's apt through .ci/run; without it this test is skipped.
 */
@QuarkusTest
@TestProfile(NginxPeerProfile.class)
class NginxForwardTest {
    static final String HASH = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";

    @Test
    void theSampleIsValidNginxAsWritten() throws Exception {
        String nginx = NginxSample.nginx().orElse(null);
        Assumptions.assumeTrue(nginx != null, "nginx is not installed (bash .ci/run installs nginx-light from apt)");
        Path dir = Files.createTempDirectory("nginx-check");
        SampleRun run = NginxSample.check(nginx, dir, NginxSample.wrap(dir, NginxSample.SAMPLE));
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.stderr().contains("syntax is ok"), run.toString());
    }

    @Test
    void forwardsPostBodiesAndAnswersWithTheKey() throws Exception {
        String nginx = NginxSample.nginx().orElse(null);
        Assumptions.assumeTrue(nginx != null, "nginx is not installed (bash .ci/run installs nginx-light from apt)");
        try (NginxSample.Forward f = NginxSample.forward(nginx)) {
            HttpClient http = HttpClient.newHttpClient();
            JsonNode status = post(http, f.uri(), "{\"action\":\"status\"}");
            // The wallet key nginx adds gets status's brief form (details are the operator's).
            assertTrue(status.has("serves") && !status.has("kernel"), status.toString());
            JsonNode validated = post(
                    http,
                    f.uri(),
                    "{\"action\":\"work_validate\",\"hash\":\"" + HASH + "\",\"work\":\"2bf29ef00786a6bc\"}");
            assertEquals("ffffffd21c3933f4", validated.get("difficulty").asText(), validated.toString());
            // The same request straight to the server, without the key nginx adds, is refused.
            JsonNode direct =
                    post(http, URI.create("http://127.0.0.1:" + RestAssured.port + "/"), "{\"action\":\"status\"}");
            assertEquals("Key required", direct.path("error").asText(), direct.toString());
            HttpResponse<String> other = http.send(
                    HttpRequest.newBuilder(f.uri().resolve("/work_generate"))
                            .POST(HttpRequest.BodyPublishers.ofString("{}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(404, other.statusCode(), "only / is forwarded");
        }
    }

    /**
     * The sample adds the key, so it must serve nano_node only, never a web page the node's operator opens: a request
     * with Origin (every browser's cross-site POST) is refused, and a request for another host name (a site whose
     * name resolves to 127.0.0.1: DNS rebinding) has its connection closed unanswered; neither reaches the server.
     * nano_node's own requests (Host 127.0.0.1:port, no Origin) pass: the other tests here.
     */
    @Test
    void refusesBrowsersAndOtherHostNames() throws Exception {
        String nginx = NginxSample.nginx().orElse(null);
        Assumptions.assumeTrue(nginx != null, "nginx is not installed (bash .ci/run installs nginx-light from apt)");
        try (NginxSample.Forward f = NginxSample.forward(nginx)) {
            HttpClient http = HttpClient.newHttpClient();
            // The same request with the key added passes (so the refusals below are nginx's, not the server's).
            assertTrue(post(http, f.uri(), "{\"action\":\"status\"}").has("serves"), "nano_node's request passes");
            for (String origin : new String[] {"https://evil.example", "null", "http://127.0.0.1:" + f.port()}) {
                HttpResponse<String> browser = http.send(
                        HttpRequest.newBuilder(f.uri())
                                .header("Origin", origin)
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString("{\"action\":\"status\"}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(403, browser.statusCode(), "Origin " + origin + " refused: " + browser.body());
                assertTrue(!browser.body().contains("serves"), "nothing forwarded: " + browser.body());
            }
            for (String host : new String[] {"evil.example:" + f.port(), "localhost:" + f.port(), "127.0.0.2"}) {
                assertEquals("", rawPost(f.port(), host), "Host " + host + ": closed without an answer");
            }
            assertTrue(!rawPost(f.port(), "127.0.0.1:" + f.port()).isEmpty(), "its own server_name is answered");
        }
    }

    /** A POST written byte by byte (HttpClient sets Host itself); the whole answer, "" when closed unanswered. */
    static String rawPost(int port, String host) throws Exception {
        String body = "{\"action\":\"status\"}";
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream()
                    .write(("POST / HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n"
                                    + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body)
                            .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            try {
                return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII);
            } catch (java.net.SocketException reset) {
                return ""; // closed (a reset while the body was unread): no answer either
            }
        }
    }

    /** nano_node's own request through the sample: work read from the answer, cancels by close and by work_cancel. */
    @Test
    void aNanoNodeShapedClientGetsWorkAndCancels() throws Exception {
        String nginx = NginxSample.nginx().orElse(null);
        Assumptions.assumeTrue(nginx != null, "nginx is not installed (bash .ci/run installs nginx-light from apt)");
        try (NginxSample.Forward f = NginxSample.forward(nginx)) {
            try (NanoNodePeerClient node = NanoNodePeerClient.workGenerate(
                    f.port(), HASH, "fffffe0000000000", Optional.of(dev.nanowork.block.Blocks.ACCOUNT))) {
                String work = node.work().orElseThrow(() -> new AssertionError("no work in the answer"));
                assertTrue(Difficulty.RECEIVE.isReachedBy(WorkValue.value(Root.parse(HASH), Work.parse(work))), work);
            }
            // The queue and the connection that ends a search are the self-hosted server's (Lambda: one invocation
            // each).
            if (!dev.nanowork.support.Builds.selfHosted()) return;
            HttpClient http = HttpClient.newHttpClient();
            NanoNodePeerClient abandoned =
                    NanoNodePeerClient.workGenerate(f.port(), HARD_ROOT, HardWorkProfile.HARD, Optional.empty());
            try {
                awaitSearching(http, "1");
            } finally {
                abandoned.close(); // nano_node closes the connection when another peer (or its own CPU) was faster
            }
            awaitSearching(http, "0");
            try (NanoNodePeerClient node =
                    NanoNodePeerClient.workGenerate(f.port(), HARD_ROOT, HardWorkProfile.HARD, Optional.empty())) {
                awaitSearching(http, "1");
                try (NanoNodePeerClient cancel = NanoNodePeerClient.workCancel(f.port(), HARD_ROOT)) {
                    assertEquals("{\"success\":\"\"}", cancel.answer());
                }
                assertEquals(Optional.empty(), node.work(), "a cancelled search answers no work");
            }
        }
    }

    static final String HARD_ROOT = "0C1B7E2F5A3D4E6F708192A3B4C5D6E7F8091A2B3C4D5E6F708192A3B4C5D6E8";

    /**
     * Polls {@code status} (the operator's, on the server behind the forward) until {@code searching} is {@code value}: well within the profile's
     * 20 s deadline, so a search seen ending was ended by its client, not by the deadline.
     */
    static void awaitSearching(HttpClient http, String value) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        JsonNode status;
        do {
            // status details are the operator's: asked straight from the server with the operator key
            status = new ObjectMapper()
                    .readTree(http.send(
                                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + RestAssured.port + "/"))
                                            .header("Authorization", "Bearer " + HardWorkProfile.OPERATOR_KEY)
                                            .POST(HttpRequest.BodyPublishers.ofString("{\"action\":\"status\"}"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body());
            if (value.equals(status.path("searching").asText())) return;
            Thread.sleep(20);
        } while (System.nanoTime() < until);
        throw new AssertionError("searching never became " + value + ": " + status);
    }

    /** POSTs once nginx listens (it starts in milliseconds; a few retries cover a slow machine). */
    static JsonNode post(HttpClient http, URI uri, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        for (int attempt = 0; ; attempt++) {
            try {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                assertEquals(200, response.statusCode(), response.body());
                return new ObjectMapper().readTree(response.body());
            } catch (java.net.ConnectException e) {
                if (attempt >= 50) throw e;
                Thread.sleep(100);
            }
        }
    }
}
