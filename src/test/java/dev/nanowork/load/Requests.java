package dev.nanowork.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.support.Builds;
import java.net.InetAddress;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;

/**
 * What the load scenarios' clients send and how: an HTTP/1.1 client bound to its own loopback address (the server's
 * and the queue's limits are per address), a POST of a JSON body, the bodies they send and the refusals they expect.
 */
final class Requests {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String BUSY = "Work queue full";
    static final String LIMITED = "Too many requests";

    static final String H = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    /** Receive-valid work for {@link #H} (SPEC's vectors; the samples' work_validate). */
    static final String W = "2bf29ef00786a6bc";

    private Requests() {}

    static HttpClient client(InetAddress from) {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .localAddress(from)
                .build();
    }

    static HttpRequest post(URI target, String body) {
        return HttpRequest.newBuilder(target)
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
    }

    /**
     * The self-hosted server's address for the load scenarios, by IPv4 loopback (the clients bind their own
     * 127.0.0.x); the test is skipped, saying so, in the Lambda build, which has no HTTP server of its own.
     */
    static URI selfHostedTarget(URL url) {
        Assumptions.assumeTrue(
                Builds.selfHosted(),
                "the load scenarios drive the self-hosted HTTP server (-DselfHosted; ./mvnw verify runs that build too)");
        return URI.create("http://127.0.0.1:" + url.getPort() + "/");
    }

    /** A client's pause between requests (a back-off, a pace); an interrupt is kept for its loop to see. */
    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
