package dev.nanowork.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.HardWorkProfile;
import io.restassured.RestAssured;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * samples/nano-node/nginx-work-peer.conf run by the tests: nginx found on this machine, the sample's server block
 * wrapped in a whole nginx.conf inside a temporary folder, checked with {@code nginx -t}, and started as a forward
 * to the test server with {@link HardWorkProfile#KEY}.
 */
final class NginxSample {
    static final String KEY = HardWorkProfile.KEY;
    static final Path SAMPLE = Path.of("samples", "nano-node", "nginx-work-peer.conf");

    private NginxSample() {}

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

    /** nginx running the sample on a free loopback port, forwarding to this test server with {@link #KEY}. */
    record Forward(Process process, int port, Path dir) implements AutoCloseable {
        URI uri() {
            return URI.create("http://127.0.0.1:" + port + "/");
        }

        @Override
        public void close() {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    static Forward forward(String nginx) throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String sample = Files.readString(SAMPLE);
        // Both server blocks (the sample's and the default one that refuses other host names) on the test's port.
        String site = sample.replace("listen 127.0.0.1:7090", "listen 127.0.0.1:" + port)
                .replaceAll(
                        "set \\$work_api \"[^\"]+\";",
                        "set \\$work_api \"http://127.0.0.1:" + RestAssured.port + "/\";")
                .replaceAll("set \\$work_key \"[^\"]+\";", "set \\$work_key \"" + KEY + "\";");
        assertTrue(
                site.contains("listen 127.0.0.1:" + port + ";")
                        && site.contains("listen 127.0.0.1:" + port + " default_server;")
                        && site.contains("127.0.0.1:" + RestAssured.port + "/")
                        && site.contains("\"" + KEY + "\"")
                        && site.contains("proxy_set_header Authorization \"Bearer $work_key\";")
                        && site.contains("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;"),
                "the sample's listen lines, set $work_api, set $work_key, Authorization or X-Forwarded-For lines changed"
                        + " shape;"
                        + " update this test");
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
        // nginx listens within milliseconds; a slow machine gets 5 s before the clients connect.
        for (int attempt = 0; ; attempt++) {
            try {
                new java.net.Socket("127.0.0.1", port).close();
                break;
            } catch (java.net.ConnectException e) {
                if (attempt >= 50) throw e;
                Thread.sleep(100);
            }
        }
        return new Forward(server, port, dir);
    }
}
