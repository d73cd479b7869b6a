package dev.nanowork.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * samples/nano-node/nginx-work-peer.conf: nginx accepts it as written, and, with its HTTPS URL replaced by
 * the test server's plain-HTTP one, forwards POST bodies and answers through unchanged, as nano_node
 * would use it. nginx comes from Debian's apt through .ci/run; without it this test is skipped.
 */
@QuarkusTest
class NginxForwardTest {
    static final Path SAMPLE = Path.of("samples", "nano-node", "nginx-work-peer.conf");
    static final String HASH = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";

    static Optional<String> nginx() {
        return Stream.of("/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx")
                .filter(p -> Files.isExecutable(Path.of(p)))
                .findFirst()
                .or(() -> SampleRun.onPath("nginx") ? Optional.of("nginx") : Optional.empty());
    }

    /** A whole nginx.conf around the sample's server block, every path inside {@code dir}. */
    static Path wrap(Path dir, Path site) throws IOException {
        Files.createDirectories(dir.resolve("temp"));
        dir.resolve("temp").toFile().setWritable(true, false); // nginx's workers may run as another user
        String conf = """
                pid %1$s/nginx.pid;
                error_log %1$s/error.log;
                events { worker_connections 64; }
                http {
                    access_log off;
                    client_body_temp_path %1$s/temp/body;
                    proxy_temp_path %1$s/temp/proxy;
                    fastcgi_temp_path %1$s/temp/fastcgi;
                    uwsgi_temp_path %1$s/temp/uwsgi;
                    scgi_temp_path %1$s/temp/scgi;
                    include %2$s;
                }
                """.formatted(dir.toAbsolutePath(), site.toAbsolutePath());
        Path file = dir.resolve("nginx.conf");
        Files.writeString(file, conf);
        return file;
    }

    static SampleRun check(String nginx, Path dir, Path conf) {
        return SampleRun.run(
                List.of(
                        nginx,
                        "-t",
                        "-p",
                        dir.toAbsolutePath().toString(),
                        "-c",
                        conf.toAbsolutePath().toString(),
                        "-e",
                        dir.resolve("error.log").toAbsolutePath().toString()),
                Map.of());
    }

    @Test
    void theSampleIsValidNginxAsWritten() throws Exception {
        String nginx = nginx().orElse(null);
        Assumptions.assumeTrue(nginx != null, "nginx is not installed (bash .ci/run installs nginx-light from apt)");
        Path dir = Files.createTempDirectory("nginx-check");
        SampleRun run = check(nginx, dir, wrap(dir, SAMPLE));
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.stderr().contains("syntax is ok"), run.toString());
    }

    @Test
    void forwardsPostBodiesAndAnswersOnLoopback() throws Exception {
        String nginx = nginx().orElse(null);
        Assumptions.assumeTrue(nginx != null, "nginx is not installed (bash .ci/run installs nginx-light from apt)");
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String sample = Files.readString(SAMPLE);
        String site = sample.replace("listen 127.0.0.1:7090;", "listen 127.0.0.1:" + port + ";")
                .replaceAll(
                        "set \\$work_api \"[^\"]+\";",
                        "set \\$work_api \"http://127.0.0.1:" + RestAssured.port + "/\";");
        assertTrue(
                !site.equals(sample)
                        && site.contains(":" + port + ";")
                        && site.contains("127.0.0.1:" + RestAssured.port + "/"),
                "the sample's listen and set $work_api lines changed shape; update this test with them");
        Path dir = Files.createTempDirectory("nginx-forward");
        Path siteFile = dir.resolve("site.conf");
        Files.writeString(siteFile, site);
        Path conf = wrap(dir, siteFile);
        assertEquals(0, check(nginx, dir, conf).exitCode());

        Process server = new ProcessBuilder(
                        nginx,
                        "-p",
                        dir.toAbsolutePath().toString(),
                        "-c",
                        conf.toAbsolutePath().toString(),
                        "-e",
                        dir.resolve("error.log").toAbsolutePath().toString(),
                        "-g",
                        "daemon off;")
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("nginx.out").toFile())
                .start();
        try {
            HttpClient http = HttpClient.newHttpClient();
            URI uri = URI.create("http://127.0.0.1:" + port + "/");
            JsonNode status = post(http, uri, "{\"action\":\"status\"}");
            assertTrue(status.has("kernel"), status.toString());
            JsonNode validated = post(
                    http,
                    uri,
                    "{\"action\":\"work_validate\",\"hash\":\"" + HASH + "\",\"work\":\"2bf29ef00786a6bc\"}");
            assertEquals("ffffffd21c3933f4", validated.get("difficulty").asText(), validated.toString());
            JsonNode generated = post(
                    http,
                    uri,
                    "{\"action\":\"work_generate\",\"hash\":\"" + HASH + "\",\"difficulty\":\"fffffe0000000000\"}");
            assertTrue(
                    Difficulty.RECEIVE.isReachedBy(WorkValue.value(
                            Root.parse(HASH), Work.parse(generated.get("work").asText()))),
                    generated.toString());
            HttpResponse<String> other = http.send(
                    HttpRequest.newBuilder(uri.resolve("/work_generate"))
                            .POST(HttpRequest.BodyPublishers.ofString("{}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(404, other.statusCode(), "only / is forwarded");
        } finally {
            server.destroy();
            if (!server.waitFor(10, TimeUnit.SECONDS)) server.destroyForcibly();
        }
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
