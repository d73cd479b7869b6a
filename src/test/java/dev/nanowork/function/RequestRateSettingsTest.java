package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.access.AddressSet;
import dev.nanowork.config.WorkConfig;
import dev.nanowork.support.Settings;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The request-rate settings are checked at start-up ({@link RequestRates#of}, from {@code HttpRoutes}' route set-up,
 * before the server listens), each refusal naming its setting; each client's bucket lets its burst through, then one
 * request an interval; and the table of clients stays bounded whatever the number of addresses.
 */
class RequestRateSettingsTest {
    /** The self-hosted settings with the given rate values (the connection bounds on, the others as their defaults). */
    static WorkConfig.SelfHosted settings(
            String requestsPerSecond, int requestBurst, double requestsPerSecondPerPeer, int requestBurstPerPeer) {
        return Settings.NONE
                .with("nano-work.self-hosted.limit-connections", true)
                .with("nano-work.self-hosted.requests-per-second", requestsPerSecond)
                .with("nano-work.self-hosted.request-burst", requestBurst)
                .with("nano-work.self-hosted.requests-per-second-per-peer", requestsPerSecondPerPeer)
                .with("nano-work.self-hosted.request-burst-per-peer", requestBurstPerPeer)
                .workConfig()
                .selfHosted();
    }

    static final WorkConfig.SelfHosted DEFAULTS = settings("50", 64, 100, 256);

    @Test
    void theSelfHostedDefaultsAndOff() {
        assertEquals(new RequestRates(true, 50, 64, 100, 256), RequestRates.of(DEFAULTS));
        assertEquals(new RequestRates(true, 0.5, 64, 100, 256), RequestRates.of(settings(" 0.5 ", 64, 100, 256)));
        for (String off : List.of("off", "OFF", " off ")) {
            assertFalse(RequestRates.of(settings(off, 64, 100, 256)).on(), off);
        }
        // Off, the other values are not used, so not checked either.
        assertFalse(RequestRates.of(settings("off", 0, 0, 0)).on());
    }

    @Test
    void impossibleSettingsStopStartUpNamingTheSetting() {
        for (String rate : List.of("0", "-1", "NaN", "Infinity", "2e9")) {
            assertRefused(
                    settings(rate, 64, 100, 256),
                    "nano-work.self-hosted.requests-per-second must be a positive number of requests a second");
        }
        for (String rate : List.of("", "fast", "50/s")) {
            assertRefused(
                    settings(rate, 64, 100, 256),
                    "nano-work.self-hosted.requests-per-second takes off or a positive number");
        }
        assertRefused(settings("50", 0, 100, 256), "nano-work.self-hosted.request-burst must be at least 1; was 0");
        assertRefused(
                settings("50", 64, 0, 256),
                "nano-work.self-hosted.requests-per-second-per-peer must be a positive number");
        assertRefused(settings("50", 64, Double.NaN, 256), "nano-work.self-hosted.requests-per-second-per-peer");
        assertRefused(settings("50", 64, 100, -1), "nano-work.self-hosted.request-burst-per-peer must be at least 1");
        assertRefused(settings("1e-9", 64, 100, 256), "nano-work.self-hosted.request-burst 64 at 1.0E-9");
        assertRefused(settings("50", 64, 1e-9, 256), "nano-work.self-hosted.request-burst-per-peer 256 at 1.0E-9");
    }

    static void assertRefused(WorkConfig.SelfHosted settings, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RequestRates.of(settings));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    static RateLimiter limiter(long[] clock) {
        return new RateLimiter(
                new RequestRates(true, 2, 4, 10, 20),
                new RequestOrigin(AddressSet.NONE, AddressSet.NONE),
                () -> clock[0]);
    }

    @Test
    void aBucketLetsItsBurstThroughThenOneRequestAnInterval() {
        long[] now = {1_000 * MS};
        RateLimiter limiter = limiter(now);
        for (int i = 0; i < 4; i++) assertEquals(0, limiter.admit("192.0.2.1", false, now[0]), "burst " + i);
        assertEquals(500 * MS, limiter.admit("192.0.2.1", false, now[0]), "due an interval (1/2 s) later");
        assertEquals(0, limiter.admit("192.0.2.2", false, now[0]), "another client has its own bucket");
        now[0] += 300 * MS;
        assertEquals(200 * MS, limiter.admit("192.0.2.1", false, now[0]), "a refusal takes nothing");
        now[0] += 200 * MS;
        assertEquals(0, limiter.admit("192.0.2.1", false, now[0]), "one request an interval");
        assertEquals(500 * MS, limiter.admit("192.0.2.1", false, now[0]));
        now[0] += 10_000 * MS; // idle: the bucket refills to its burst, no more
        for (int i = 0; i < 4; i++) assertEquals(0, limiter.admit("192.0.2.1", false, now[0]), "refilled " + i);
        assertTrue(limiter.admit("192.0.2.1", false, now[0]) > 0, "to its burst only");
        for (int i = 0; i < 20; i++) assertEquals(0, limiter.admit("192.0.2.9", true, now[0]), "peer burst " + i);
        assertEquals(100 * MS, limiter.admit("192.0.2.9", true, now[0]), "the peer's interval, 1/10 s");
    }

    @Test
    void theTableOfClientsStaysBoundedAndForgetsIdleClients() {
        long[] now = {1_000 * MS};
        RateLimiter limiter = limiter(now);
        for (int i = 0; i < RateLimiter.MAX_CLIENTS; i++) {
            assertEquals(0, limiter.admit(address(i), false, now[0]), "client " + i);
        }
        assertEquals(RateLimiter.MAX_CLIENTS, limiter.tracked());
        assertEquals(RateLimiter.NO_ROOM, limiter.admit(address(RateLimiter.MAX_CLIENTS), false, now[0]), "full");
        assertEquals(0, limiter.admit(address(7), false, now[0]), "a client already tracked still has its bucket");
        assertEquals(RateLimiter.MAX_CLIENTS, limiter.tracked(), "not grown");
        // A flood of new addresses, one request each, 200,000 a second for a second: never beyond the bound, and the
        // table emptied of every client whose bucket has refilled.
        int admitted = 0;
        for (int i = 0; i < 200_000; i++) {
            now[0] += 5_000; // 5 us
            if (limiter.admit(address(RateLimiter.MAX_CLIENTS + 1 + i), false, now[0]) == 0) admitted++;
            assertTrue(limiter.tracked() <= RateLimiter.MAX_CLIENTS, "bounded: " + limiter.tracked());
        }
        assertTrue(admitted >= RateLimiter.MAX_CLIENTS / 2, "new clients admitted as the idle ones go: " + admitted);
        now[0] += 2_000 * MS;
        assertEquals(0, limiter.admit("192.0.2.1", false, now[0]));
        assertEquals(1, limiter.tracked(), "every idle client forgotten at the next sweep");
    }

    /**
     * The handler on a plain Vert.x server (in both builds' suites; {@code RequestRateTest} has it in Quarkus'): a
     * client past its burst gets the refusal with {@code Retry-After} and {@code Connection: close}, and the next
     * handler is never reached; the local host passes whatever its count.
     */
    @Test
    void theHandlerRefusesBeforeTheNextRouteAndLetsTheLocalHostThrough() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            long[] now = {1_000 * MS}; // a clock that stands still: no request comes back while the test runs
            AtomicInteger reached = new AtomicInteger();
            Router router = Router.router(vertx);
            router.post()
                    .handler(new RateLimiter(
                            new RequestRates(true, 1, 2, 1, 2),
                            new RequestOrigin(AddressSet.NONE, AddressSet.NONE),
                            () -> now[0]));
            router.post().handler(rc -> {
                reached.incrementAndGet();
                rc.response().end("{\"served\":\"1\"}");
            });
            HttpServer server = vertx.createHttpServer()
                    .requestHandler(router)
                    .listen(0, "127.0.0.1")
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
            int port = server.actualPort();
            assertTrue(exchange("127.0.0.3", port).endsWith("{\"served\":\"1\"}"));
            assertTrue(exchange("127.0.0.3", port).endsWith("{\"served\":\"1\"}"));
            String refused = exchange("127.0.0.3", port);
            assertTrue(refused.startsWith("HTTP/1.1 200 OK\r\n"), refused);
            assertTrue(refused.contains("\r\nRetry-After: 1\r\n"), refused);
            assertTrue(refused.toLowerCase(Locale.ROOT).contains("\r\nconnection: close\r\n"), refused);
            assertTrue(
                    refused.endsWith("{\"error\":\"Too many requests\",\"hint\":\"127.0.0.3 sent more than 1"
                            + " requests a second (2 at once) to this server (nano-work.self-hosted.requests-per-second,"
                            + " nano-work.self-hosted.request-burst); retry after 1.000 s\"}"),
                    refused);
            assertEquals(2, reached.get(), "the refused request reached no later route");
            for (int i = 0; i < 5; i++) assertTrue(exchange("127.0.0.1", port).endsWith("{\"served\":\"1\"}"));
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    /** One {@code POST /} with a small body from {@code from}, and the whole answer (the client closes after it). */
    static String exchange(String from, int port) throws IOException {
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(from, 0));
            s.connect(new InetSocketAddress("127.0.0.1", port));
            s.setSoTimeout(10_000);
            s.getOutputStream()
                    .write("POST / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}"
                            .getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The {@code i}th address of 2001:db8::/32 (documentation addresses). */
    static String address(int i) {
        return "2001:db8:0:0:0:0:" + Integer.toHexString(i >>> 16) + ":" + Integer.toHexString(i & 0xffff);
    }
}
