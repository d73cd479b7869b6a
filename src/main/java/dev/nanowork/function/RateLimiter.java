package dev.nanowork.function;

import dev.nanowork.rpc.RpcError;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The self-hosted server's per-client request rate ({@link RequestRates}), checked on the event loop as soon as a
 * {@code POST}'s head has arrived, before its body is read: a client past its bucket is answered {@code Too many
 * requests} at once, with {@code Retry-After}, and nothing else of the request is read. The client is the one {@link
 * RequestOrigin} names (behind a trusted proxy, the forwarded client), its bucket its {@link RequestOrigin#key} (an IPv6
 * stranger's /64); a trusted work peer has its own bucket size; the
 * local host (127.0.0.1, ::1) is not limited, as for the connection limits ({@link ConnectionLimits#LOCAL_HOST}).
 *
 * <p>Each bucket is kept as one time (GCRA, the token bucket written as the time its next request is due: {@code
 * due}): a request at {@code now} is let in while {@code due - now} is within {@code burst - 1} intervals, and moves
 * {@code due} one interval on. A bucket whose {@code due} has passed is full, the same as no bucket, so the table
 * holds only the clients that sent within their last burst's time: it is swept of the others once a second as new
 * clients come (ten times a second while full), and never holds more than {@link #MAX_CLIENTS}, so a flood from many
 * addresses cannot grow it.
 * Written here rather than with a cache library: none is on the class path (Quarkus brings no Caffeine without its
 * cache extension), and a full bucket needs no eviction order.
 */
final class RateLimiter implements Handler<RoutingContext> {
    /** The refusal: nano_node's style, HTTP 200 like every answer. */
    static final String TOO_MANY = RpcError.TOO_MANY_REQUESTS;

    /**
     * Clients tracked at once: about 100 bytes each (the address, a boxed time, the map's node), so at most a few
     * MB. A client needs a request within its last burst's time to stay (1.3 s at the defaults), so filling the table
     * takes 65,536 addresses in about a second; a new client beyond it is refused until the next sweep frees room
     * (nginx's {@code limit_req} refuses too when its zone is full).
     */
    static final int MAX_CLIENTS = 65_536;

    static final long SWEEP_NANOS = TimeUnit.SECONDS.toNanos(1);
    static final long FULL_SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** {@link #admit}'s answer for a new client while the table is full. */
    static final long NO_ROOM = -1;

    private final RequestRates rates;
    private final RequestOrigin origin;
    private final LongSupplier clock;
    private final long interval;
    private final long tolerance;
    private final long peerInterval;
    private final long peerTolerance;
    private final ConcurrentHashMap<String, Long> due = new ConcurrentHashMap<>();
    private final AtomicLong lastSweep;

    RateLimiter(RequestRates rates, RequestOrigin origin, LongSupplier clock) {
        this.rates = rates;
        this.origin = origin;
        this.clock = clock;
        this.interval = RequestRates.intervalNanos(rates.perSecond());
        this.tolerance = (rates.burst() - 1) * interval;
        this.peerInterval = RequestRates.intervalNanos(rates.peerPerSecond());
        this.peerTolerance = (rates.peerBurst() - 1) * peerInterval;
        this.lastSweep = new AtomicLong(clock.getAsLong());
    }

    @Override
    public void handle(RoutingContext rc) {
        String client = origin.client(rc);
        if (client == null || ConnectionLimits.LOCAL_HOST.contains(client)) {
            rc.next();
            return;
        }
        boolean peer = origin.workPeer(client);
        String key = origin.key(client); // an IPv6 stranger's /64: one host, one bucket
        long wait = admit(key, peer, clock.getAsLong());
        if (wait == 0) {
            rc.next();
        } else {
            refuse(rc, key, peer, wait);
        }
    }

    /**
     * Takes one request from {@code client}'s bucket at {@code now}: 0 when it is let in, else the nanoseconds until
     * it would be (at least 1), or {@link #NO_ROOM} when the table is full and {@code client} not in it.
     */
    long admit(String client, boolean peer, long now) {
        if (!due.containsKey(client) && !roomFor(now)) return NO_ROOM;
        long step = peer ? peerInterval : interval;
        long allowance = peer ? peerTolerance : tolerance;
        long[] wait = {0};
        due.compute(client, (c, next) -> {
            long from = next == null || next - now < 0 ? now : next; // a full bucket starts from now
            if (from - now > allowance) {
                wait[0] = from - now - allowance;
                return next; // refused: the bucket is left as it was
            }
            return from + step;
        });
        return wait[0];
    }

    /**
     * Whether a new client may be tracked: sweeps the full buckets away once a second, or ten times a second while the
     * table is full (a sweep of the full table takes about a millisecond: it must not run for every request).
     */
    private boolean roomFor(long now) {
        long last = lastSweep.get();
        boolean full = due.size() >= MAX_CLIENTS;
        if (now - last >= (full ? FULL_SWEEP_NANOS : SWEEP_NANOS) && lastSweep.compareAndSet(last, now)) {
            due.values().removeIf(next -> next - now <= 0); // conditional: a bucket used meanwhile stays
            full = due.size() >= MAX_CLIENTS;
        }
        return !full;
    }

    /** Clients with a bucket not yet full (a test's view of the table's bound). */
    int tracked() {
        return due.size();
    }

    /**
     * {@code Too many requests} with {@code Retry-After} (whole seconds, as HTTP has it) and a hint with the rate. The
     * body was not read: the connection closes after the answer, so no unread body is left on a kept-alive one.
     */
    private void refuse(RoutingContext rc, String client, boolean peer, long wait) {
        long waitNanos = wait == NO_ROOM ? FULL_SWEEP_NANOS : wait;
        String hint = wait == NO_ROOM
                ? String.format(
                        Locale.ROOT,
                        "this server follows the rates of at most %,d clients at once, and all are busy; retry after %.3f s",
                        MAX_CLIENTS,
                        waitNanos / 1e9)
                : String.format(
                        Locale.ROOT,
                        "%s sent more than %s requests a second (%d at once) to this server (%s); retry after %.3f s",
                        peer ? "the work peer " + client : client,
                        RequestRates.number(peer ? rates.peerPerSecond() : rates.perSecond()),
                        peer ? rates.peerBurst() : rates.burst(),
                        peer
                                ? RequestRates.PEER_PER_SECOND + ", " + RequestRates.PEER_BURST
                                : RequestRates.PER_SECOND + ", " + RequestRates.BURST,
                        waitNanos / 1e9);
        var response = rc.response();
        response.putHeader("Retry-After", Long.toString(Math.max(1, ceilSeconds(waitNanos))));
        if (!rc.request().isEnded()) {
            response.putHeader("Connection", "close");
            rc.addEndHandler(answered -> rc.request().connection().close());
        }
        HttpRoutes.answer(rc, new RpcError(TOO_MANY, hint).answer());
    }

    private static long ceilSeconds(long nanos) {
        return (nanos + TimeUnit.SECONDS.toNanos(1) - 1) / TimeUnit.SECONDS.toNanos(1);
    }
}
