package dev.nanowork.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.SimpleFileServer;
import dev.nanowork.support.Settings;
import dev.nanowork.support.SettingsProfile;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * samples/browser/ in headless Debian Chromium (driven by playwright-core, src/test/browser/open-pages.js),
 * against the self-hosted server with a key and one allowed origin: the page, served from that origin (a
 * second port), gets work cross-origin with the key as a bearer (so the preflight must allow
 * {@code authorization}) and checks it with nanocurrency-js in the page; the same page from an origin not in the
 * list is blocked by the browser. Self-hosted build only (-DselfHosted; ./mvnw verify runs it): the pom reserves
 * the allowed origin's port. bash .ci/run installs Chromium from Debian's apt; without it this test is skipped
 * (and fails under CI=true).
 */
@QuarkusTest
@TestProfile(BrowserCorsTest.OneOrigin.class)
@EnabledIf(
        value = "dev.nanowork.support.Builds#selfHosted",
        disabledReason =
                "the browser drives the self-hosted HTTP server (-DselfHosted; ./mvnw verify runs that build too)")
class BrowserCorsTest {
    static final String KEY = "browser-key-7f3a-0123456789abcdefghijklmn";
    static final String HASH = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    /** About 4,096 attempts: the page's answer is quick even on the scalar kernel with Chromium beside it. */
    static final String DIFFICULTY = "fff0000000000000";

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final long PAGE_TIMEOUT_MS = 30_000;
    static final String PAGE_PORT = "nanowork.browser.page-port";

    /**
     * The port of the one allowed page origin, http://127.0.0.1:PORT, reserved by the self-hosted build's pom; 0
     * without it (Quarkus reads every profile when it discovers the tests, in the Lambda build too, where this
     * test is disabled; run self-hosted without the pom, the test fails saying so).
     */
    static int pagePort() {
        return Integer.getInteger(PAGE_PORT, 0);
    }

    static String allowedOrigin() {
        return "http://127.0.0.1:" + pagePort();
    }

    public static class OneOrigin extends SettingsProfile {
        public OneOrigin() {
            super(Settings.NONE
                    .with("nano-work.auth.key", KEY)
                    .with("nano-work.cors-origins", allowedOrigin() + ",https://wallet.example")
                    .with("nano-work.min-difficulty", "0000000000000000")
                    .with("nano-work.max-difficulty", "fff0000000000000"));
        }
    }

    @TestHTTPResource("/")
    URL url;

    final ObjectMapper json = new ObjectMapper();

    @Test
    void theBrowserGetsWorkFromTheAllowedOriginOnlyAndChecksIt() throws Exception {
        if (!Files.isExecutable(CHROMIUM)) {
            String why = CHROMIUM + " is not installed (bash .ci/run installs Debian's chromium from apt)";
            if (System.getenv("CI") != null) throw new AssertionError(why + ": CI must run this test");
            Assumptions.assumeTrue(false, why);
        }
        assertTrue(pagePort() > 0, PAGE_PORT + " is not set: run with -DselfHosted (the pom reserves it)");
        String endpoint = "http://127.0.0.1:" + url.getPort();
        HttpServer allowed = pageServer(pagePort());
        HttpServer foreign = pageServer(0);
        try {
            String foreignOrigin = "http://127.0.0.1:" + foreign.getAddress().getPort();
            Map<String, String> pages = new LinkedHashMap<>();
            pages.put("POST / with the bearer key", page(allowedOrigin(), endpoint + "/", KEY));
            pages.put(
                    "POST /work_generate with the bearer key", page(allowedOrigin(), endpoint + "/work_generate", KEY));
            pages.put("no key", page(allowedOrigin(), endpoint + "/", null));
            pages.put("foreign origin with the key", page(foreignOrigin, endpoint + "/", KEY));
            pages.put("foreign origin, no key", page(foreignOrigin, endpoint + "/work_generate", null));
            Map<String, JsonNode> seen = open(pages);

            for (String name : List.of("POST / with the bearer key", "POST /work_generate with the bearer key")) {
                JsonNode p = seen.get(name);
                assertEquals("valid", p.get("state").asText(), name + ": " + p);
                // The page's own claim, checked once more here with the scalar reference.
                String work = p.get("text").asText().split(" ")[0];
                long value = WorkValue.value(Root.parse(HASH), Work.parse(work));
                assertTrue(Long.compareUnsigned(value, Long.parseUnsignedLong(DIFFICULTY, 16)) >= 0, name + ": " + p);
                // Then the page made its block, precached the next one's work (its hash checked against
                // nanocurrency-js's) and got it, checked, for the next send.
                assertEquals("ready", p.path("precache").path("state").asText(), name + ": " + p);
                assertTrue(p.path("precache").path("text").asText().contains("with the precache"), name + ": " + p);
            }
            JsonNode noKey = seen.get("no key");
            assertEquals("refused", noKey.get("state").asText(), "the refusal is readable cross-origin: " + noKey);
            assertEquals("Key required", noKey.get("text").asText(), noKey.toString());
            assertEquals("skipped", noKey.path("precache").path("state").asText(), noKey.toString());
            for (String name : List.of("foreign origin with the key", "foreign origin, no key")) {
                JsonNode p = seen.get(name);
                assertEquals("unreadable", p.get("state").asText(), name + ": " + p);
                assertTrue(
                        p.get("console").toString().contains("blocked by CORS policy"),
                        name + ": Chromium says why: " + p);
            }

            // What the browser saw, at the HTTP level: the preflights it sent.
            HttpResponse<String> ok = preflight(endpoint, allowedOrigin());
            assertEquals(
                    allowedOrigin(),
                    ok.headers().firstValue("Access-Control-Allow-Origin").orElse(null),
                    ok.headers().toString());
            assertTrue(
                    ok.headers()
                            .firstValue("Access-Control-Allow-Headers")
                            .orElse("")
                            .toLowerCase(java.util.Locale.ROOT)
                            .contains("authorization"),
                    ok.headers().toString());
            HttpResponse<String> refused = preflight(endpoint, foreignOrigin);
            assertNull(
                    refused.headers().firstValue("Access-Control-Allow-Origin").orElse(null),
                    refused.headers().toString());
        } finally {
            allowed.stop(0);
            foreign.stop(0);
        }
    }

    /** The repository root over HTTP on 127.0.0.1 (samples/browser/ loads nanocurrency-js from tools/node). */
    static HttpServer pageServer(int port) {
        HttpServer server = SimpleFileServer.createFileServer(
                new InetSocketAddress("127.0.0.1", port),
                Path.of("").toAbsolutePath(),
                SimpleFileServer.OutputLevel.NONE);
        server.start();
        return server;
    }

    static String page(String origin, String endpoint, String key) {
        return origin + "/samples/browser/index.html?endpoint=" + URLEncoder.encode(endpoint, StandardCharsets.UTF_8)
                + "&hash=" + HASH + "&difficulty=" + DIFFICULTY
                + (key == null ? "" : "#key=" + URLEncoder.encode(key, StandardCharsets.UTF_8));
    }

    /** Opens each page in one Chromium, in order; what each showed, by name. */
    Map<String, JsonNode> open(Map<String, String> pages) throws IOException {
        List<String> command = new ArrayList<>(
                List.of("node", "src/test/browser/open-pages.js", CHROMIUM.toString(), Long.toString(PAGE_TIMEOUT_MS)));
        command.addAll(pages.values());
        SampleRun run = SampleRun.run(
                command,
                Map.of(
                        "NODE_PATH",
                        Path.of("tools/node/node_modules").toAbsolutePath().toString()));
        assertEquals(0, run.exitCode(), "node open-pages.js: " + run.stderr() + run.stdout());
        List<String> lines = run.stdout().lines().toList();
        assertEquals(pages.size(), lines.size(), run.stdout());
        Map<String, JsonNode> seen = new LinkedHashMap<>();
        int i = 0;
        for (var page : pages.entrySet()) {
            JsonNode p = json.readTree(lines.get(i++));
            assertEquals(page.getValue(), p.get("url").asText(), "the answer is for this page");
            seen.put(page.getKey(), p);
            System.out.println("browser, " + page.getKey() + ": " + p); // kept in the -output.txt report
        }
        return seen;
    }

    static HttpResponse<String> preflight(String endpoint, String origin) throws IOException, InterruptedException {
        try (HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()) {
            return client.send(
                    HttpRequest.newBuilder(URI.create(endpoint + "/"))
                            .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                            .header("Origin", origin)
                            .header("Access-Control-Request-Method", "POST")
                            .header("Access-Control-Request-Headers", "authorization,content-type")
                            .timeout(Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }
}
