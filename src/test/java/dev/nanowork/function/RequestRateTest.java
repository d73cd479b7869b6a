package dev.nanowork.function;

import static dev.nanowork.function.RawHttp.answerWithin;
import static dev.nanowork.function.RawHttp.closedWithin;
import static dev.nanowork.function.RawHttp.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.access.ForwardedFor;
import dev.nanowork.function.RawHttp.Reply;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.Socket;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The per-client request rate over real sockets against the self-hosted server, each client from its own loopback
 * address ({@link RequestRateProfile}: 1 request a second and 4 at once, the work peer 2 and 10): past its burst a
 * client gets exactly {@code Too many requests} (HTTP 200, {@code Retry-After}, the connection closed) while another
 * is served, and is served again one interval later; a work peer has its larger bucket, each client behind a trusted
 * proxy its own, the local host none; the check comes before the body is read, on every route. Counts are bounded by
 * the time the requests took (a loaded machine refills the bucket meanwhile), so they hold on a busy 2-core machine.
 */
@QuarkusTest
@TestProfile(RequestRateProfile.class)
@EnabledIf(
        value = "dev.nanowork.support.Builds#selfHosted",
        disabledReason = "needs the self-hosted HTTP server (-DselfHosted; ./mvnw verify runs that build too)")
class RequestRateTest {
    static final String VALIDATE = "{\"action\":\"work_validate\",\"hash\":"
            + "\"718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2\",\"work\":\"2bf29ef00786a6bc\"}";

    /** A body every route answers at once when it is let in (a bad hash, a bad duration): no search, no benchmark. */
    static final String REFUSED_AT_ONCE = "{\"action\":\"work_validate\",\"hash\":\"bad\",\"duration\":\"x\"}";

    @TestHTTPResource("/")
    URL url;

    RawHttp http() {
        return new RawHttp(url.getPort());
    }

    @Test
    void aClientPastItsBurstIsRefusedWhileAnotherIsServedAndServedAgainAnIntervalLater() throws Exception {
        List<Reply> replies = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int i = 0; i < 12; i++) replies.add(http().call("127.0.0.3", "/", VALIDATE, Map.of()));
        double seconds = (System.nanoTime() - t0) / 1e9;
        long served = replies.stream().filter(Reply::served).count();
        long limited = replies.stream().filter(Reply::limited).count();
        assertEquals(12, served + limited, "each answer is the validation or the refusal: " + replies);
        long most = RequestRateProfile.BURST + (long) Math.ceil(seconds * RequestRateProfile.PER_SECOND);
        assertTrue(
                served >= RequestRateProfile.BURST && served <= most,
                served + " served of 12 in " + seconds + " s: the burst, plus what the rate gave back meanwhile");
        for (int i = 0; i < RequestRateProfile.BURST; i++)
            assertTrue(replies.get(i).served(), "the burst is served");
        for (Reply r : replies) {
            if (r.limited()) assertIsTheRefusal(r, "127.0.0.3");
        }

        assertTrue(http().call("127.0.0.4", "/", VALIDATE, Map.of()).served(), "another client is served meanwhile");
        Reply still = http().call("127.0.0.3", "/", VALIDATE, Map.of());
        if (still.limited()) assertIsTheRefusal(still, "127.0.0.3");

        // A refused client's next request is due within one interval: 1/rate later it is served.
        TimeUnit.MILLISECONDS.sleep(1000 / RequestRateProfile.PER_SECOND);
        assertTrue(http().call("127.0.0.3", "/", VALIDATE, Map.of()).served(), "served again an interval later");
    }

    @Test
    void aWorkPeerHasItsLargerBucket() throws Exception {
        List<Reply> replies = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int i = 0; i < 24; i++) replies.add(http().call(RequestRateProfile.PEER, "/", VALIDATE, Map.of()));
        double seconds = (System.nanoTime() - t0) / 1e9;
        long served = replies.stream().filter(Reply::served).count();
        long most = RequestRateProfile.PEER_BURST + (long) Math.ceil(seconds * RequestRateProfile.PEER_PER_SECOND);
        assertTrue(
                served >= RequestRateProfile.PEER_BURST && served <= most,
                served + " served of 24 in " + seconds + " s: the peer's burst, not a client's");
        Reply refused = replies.get(replies.size() - 1);
        assertTrue(refused.limited(), "past the peer's burst too: " + refused);
        assertIsTheRefusal(refused, "the work peer " + RequestRateProfile.PEER);
        assertTrue(refused.json().path("hint").asText().contains("requests-per-second-per-peer"), refused.toString());
    }

    @Test
    void behindATrustedProxyEachForwardedClientHasItsOwnBucket() throws Exception {
        Map<String, String> first = Map.of("X-Forwarded-For", "192.0.2.1");
        int served = 0;
        for (int i = 0; i < 12; i++) {
            if (http().call(RequestRateProfile.PROXY, "/", VALIDATE, first).served()) served++;
        }
        assertTrue(served < 12, "the forwarded client 192.0.2.1 is limited");
        Reply other = http().call(RequestRateProfile.PROXY, "/", VALIDATE, Map.of("X-Forwarded-For", "192.0.2.2"));
        assertTrue(other.served(), "the proxy's other client has its own bucket: " + other);
        Reply limited = http().call(RequestRateProfile.PROXY, "/", VALIDATE, first);
        if (limited.limited()) assertIsTheRefusal(limited, "192.0.2.1");
    }

    /** Issue 34: one IPv6 host's /64 is one client, one bucket; a mapped IPv4 address is the IPv4 address. */
    @Test
    void anIpv6HostIsOneClientForItsWhole64AndAMappedIpv4IsItsIpv4() throws Exception {
        int served = 0;
        long t0 = System.nanoTime();
        for (int i = 1; i <= 12; i++) {
            Map<String, String> from = Map.of("X-Forwarded-For", "2001:db8:5:6:" + Integer.toHexString(i) + "::1");
            if (http().call(RequestRateProfile.PROXY, "/", VALIDATE, from).served()) served++;
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        long most = RequestRateProfile.BURST + (long) Math.ceil(seconds * RequestRateProfile.PER_SECOND);
        assertTrue(served <= most, served + " of 12 served from twelve addresses of one /64; at most " + most);
        Reply limited =
                http().call(RequestRateProfile.PROXY, "/", VALIDATE, Map.of("X-Forwarded-For", "2001:db8:5:6::ffff"));
        if (limited.limited()) assertIsTheRefusal(limited, "2001:db8:5:6::/64");
        Reply other =
                http().call(RequestRateProfile.PROXY, "/", VALIDATE, Map.of("X-Forwarded-For", "2001:db8:5:7::1"));
        assertTrue(other.served(), "another /64 is another client: " + other);

        served = 0;
        t0 = System.nanoTime();
        for (int i = 0; i < 12; i++) {
            String address = i % 2 == 0 ? "192.0.2.77" : "::ffff:192.0.2.77";
            if (http().call(RequestRateProfile.PROXY, "/", VALIDATE, Map.of("X-Forwarded-For", address))
                    .served()) served++;
        }
        seconds = (System.nanoTime() - t0) / 1e9;
        most = RequestRateProfile.BURST + (long) Math.ceil(seconds * RequestRateProfile.PER_SECOND);
        assertTrue(
                served <= most, served + " of 12 served to 192.0.2.77, half of them mapped into IPv6; at most " + most);
    }

    /** The local host: here 127.0.0.1 is also a trusted proxy, so a local client is one it forwards as 127.0.0.1. */
    @Test
    void theLocalHostIsNeverLimited() throws Exception {
        for (int i = 0; i < 30; i++) {
            Reply r =
                    http().call(RequestRateProfile.LOCAL_PROXY, "/", VALIDATE, Map.of("X-Forwarded-For", "127.0.0.1"));
            assertTrue(r.served(), "request " + i + " from 127.0.0.1: " + r);
        }
    }

    /**
     * A trusted proxy's request that names no client (no X-Forwarded-For, or garbage where the walk stops) is one
     * shared unknown client with a stranger's bucket, never the proxy's own address: on 127.0.0.1 that would be the
     * local host, which has no limit (issue 34).
     */
    @Test
    void aTrustedProxysRequestWithoutAForwardedClientIsTheUnknownClientNotTheLocalHost() throws Exception {
        int served = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < 12; i++) {
            Map<String, String> headers = i % 2 == 0 ? Map.of() : Map.of("X-Forwarded-For", "not-an-address");
            if (http().call(RequestRateProfile.LOCAL_PROXY, "/", VALIDATE, headers)
                    .served()) served++;
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        long most = RequestRateProfile.BURST + (long) Math.ceil(seconds * RequestRateProfile.PER_SECOND);
        assertTrue(served <= most, served + " of 12 served without a forwarded client; at most " + most);
        Reply limited = http().call(RequestRateProfile.LOCAL_PROXY, "/", VALIDATE, Map.of());
        if (limited.limited()) assertIsTheRefusal(limited, ForwardedFor.UNKNOWN);
        Reply local =
                http().call(RequestRateProfile.LOCAL_PROXY, "/", VALIDATE, Map.of("X-Forwarded-For", "127.0.0.1"));
        assertTrue(local.served(), "a forwarded local client is still the local host: " + local);
    }

    /**
     * On every route, and before the body: a refused client is answered without having sent its body (a head
     * announcing 100 bytes, none sent), while an admitted one's body is waited for.
     */
    @Test
    void everyPostRouteIsLimitedBeforeItsBodyIsRead() throws Exception {
        String from = "127.0.0.6";
        try (Socket admitted = http().headOnly(from, "/work_validate")) {
            assertTrue(answerWithin(admitted, 1_000) == null, "an admitted request's body is waited for");
        }
        for (int i = 1; i < RequestRateProfile.BURST + 2; i++) http().call(from, "/work_validate", VALIDATE, Map.of());
        for (String path : List.of("/", "/work_validate", "/work_generate", "/status", "/benchmark", "/x/y")) {
            Reply r = http().call(from, path, REFUSED_AT_ONCE, Map.of());
            // The bucket gains one request a second: of two requests a moment apart, the second is refused.
            if (!r.limited()) r = http().call(from, path, REFUSED_AT_ONCE, Map.of());
            assertTrue(r.limited(), path + ": " + r);
            assertIsTheRefusal(r, from);
        }
        Reply r = null;
        for (int attempt = 0; attempt < 2 && r == null; attempt++) { // a second attempt if the bucket just gained one
            try (Socket refused = http().headOnly(from, "/")) {
                r = answerWithin(refused, 5_000);
                if (r != null) assertTrue(closedWithin(refused, 5_000), "the connection closed, its body unread");
            }
        }
        assertTrue(r != null && r.limited(), "answered at once, its body never sent: " + r);
        assertIsTheRefusal(r, from);
    }

    /** A kept-alive connection is served its burst, then refused with {@code Connection: close} and closed. */
    @Test
    void aRefusalClosesTheKeptAliveConnectionItsBodyWasLeftOn() throws Exception {
        try (Socket s = http().connect("127.0.0.7")) {
            int served = 0;
            Reply r;
            do { // the burst, and whatever the rate gives back meanwhile, all on this one connection
                send(s, "/", VALIDATE, "");
                r = answerWithin(s, 20_000);
                assertTrue(
                        r != null && (r.served() || r.limited()),
                        "request " + served + " on the kept connection: " + r);
                if (r.served()) {
                    served++;
                    assertFalse("close".equalsIgnoreCase(r.headers().get("connection")), "kept alive: " + r);
                }
            } while (r.served() && served < 4 * RequestRateProfile.BURST);
            assertTrue(served >= RequestRateProfile.BURST && r.limited(), served + " served, then " + r);
            assertIsTheRefusal(r, "127.0.0.7");
            assertTrue(closedWithin(s, 5_000), "closed after the refusal");
        }
    }

    static void assertIsTheRefusal(Reply r, String client) {
        assertEquals(200, r.status(), "HTTP 200, as every answer: " + r);
        assertEquals(List.of("error", "hint"), names(r.json()), "exactly error and hint: " + r);
        assertEquals(RateLimiter.TOO_MANY, r.json().path("error").asText());
        String hint = r.json().path("hint").asText();
        assertTrue(hint.startsWith(client + " sent more than "), hint);
        assertTrue(hint.contains("requests a second") && hint.contains("retry after "), hint);
        // Due within an interval (1 s, the peer's 0.5 s), in whole seconds rounded up.
        assertEquals("1", r.headers().get("retry-after"), "Retry-After: " + r);
        assertEquals("close", r.headers().get("connection"), "its body unread, the connection closes: " + r);
        assertTrue(r.headers().get("content-type").startsWith("application/json"), r.toString());
    }

    static List<String> names(JsonNode json) {
        List<String> names = new ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
