package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.support.HardWorkProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The deadline counts from when the request's headers arrived, not from when its handler runs: a client that
 * sends its headers, then its body 2 s later, gets the deadline answer 2 s sooner after the body than the
 * configured deadline. Self-hosted only (the mock event server of the Lambda build reads a whole request before
 * it makes an event of it; on Lambda the gateway's timeEpoch does this job: LambdaRuntimeIT), with
 * {@link HardWorkProfile}'s 3 s deadline and work no search finds in it.
 */
@QuarkusTest
@TestProfile(HardWorkProfile.class)
@EnabledIf(
        value = "dev.nanowork.support.Builds#selfHosted",
        disabledReason = "needs the self-hosted HTTP server (-DselfHosted; ./mvnw verify runs that build too)")
class ArrivalTest {
    static final long BODY_DELAY_MS = 2_000;

    @TestHTTPResource("/")
    URL url;

    @Test
    void aBodySentLateComesOutOfTheDeadline() throws Exception {
        long deadlineMs = HardWorkProfile.DEADLINE.toMillis();
        byte[] body = HardWorkProfile.body("work_generate", "").getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket("127.0.0.1", url.getPort())) {
            socket.setSoTimeout((int) (deadlineMs + 10_000));
            OutputStream out = socket.getOutputStream();
            out.write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + HardWorkProfile.KEY
                            + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                            + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(BODY_DELAY_MS);
            out.write(body);
            out.flush();
            long sent = System.nanoTime();
            InputStream in = socket.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            long afterBodyMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent);
            JsonNode answer = new ObjectMapper().readTree(response.substring(response.indexOf("\r\n\r\n") + 4));
            assertEquals(
                    "Work generation deadline reached", answer.path("error").asText(), response);
            // Counted from the body, the search would have run the whole 3 s after it: counted from the headers, 1 s.
            assertTrue(
                    afterBodyMs < deadlineMs - BODY_DELAY_MS / 2,
                    "answered " + afterBodyMs + " ms after the body; the deadline is " + deadlineMs
                            + " ms from the headers, sent " + BODY_DELAY_MS + " ms before it");
        }
    }
}
