package dev.nanowork.function;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.impl.RoutingContextInternal;

/**
 * Reads the body of every {@code POST} into memory, on every route, before Funqy's route and Quarkus' body
 * handler (which then see the body read and leave it as it is). Unlike Vert.x's {@code BodyHandler}, it never
 * looks at the {@code Content-Type}: a multipart or form body is not decoded into parts or attributes, and no
 * upload is ever written to disk (on Lambda {@code /var/task} is read-only; self-hosted, a stranger must not fill
 * the disk). The body is its bytes, read as JSON by the RPC as nano_node does for every body, so a multipart or
 * {@code a=b} form body is answered {@code Unable to parse JSON} and {@code curl -d '{...}'} (sent as a form)
 * still works.
 *
 * <p>The body's time is bounded with its head's, per connection ({@link RequestDeadline}); its memory grows with
 * the bytes that came, never with what {@code Content-Length} announces. A body over the limit is refused before it
 * is read: at once when its {@code Content-Length} says so (before
 * an {@code Expect: 100-continue} is answered, so the client never sends it), else as soon as the bytes read pass
 * the limit; the connection is then closed, so the rest is never read either.
 */
final class BodyReader implements Handler<RoutingContext> {
    /**
     * Vert.x's lowest order, as {@link Arrival}'s stamp (registered first, so the deadline counts the read): before
     * Quarkus' body handler, which is one above it ({@code RouteConstants.ROUTE_ORDER_BODY_HANDLER}).
     */
    static final int ORDER = Arrival.ORDER;

    /** HTTP status the failure handler turns into {@code Request too large}. */
    static final int TOO_LARGE = 413;

    /** What a body's buffer starts at: a work request's few hundred bytes fit, a larger one grows it. */
    static final int INITIAL_BYTES = 512;

    private final int limit;

    BodyReader(int limit) {
        this.limit = limit;
    }

    @Override
    public void handle(RoutingContext rc) {
        RoutingContextInternal context = (RoutingContextInternal) rc;
        if (context.seenHandler(RoutingContextInternal.BODY_HANDLER)) {
            rc.next(); // a re-route: the body was read the first time
            return;
        }
        context.visitHandler(RoutingContextInternal.BODY_HANDLER);
        HttpServerRequest request = rc.request();
        long declared = declaredLength(request);
        if (declared > limit) {
            refuse(rc);
            return;
        }
        if (request.isEnded()) {
            setBody(rc, Buffer.buffer());
            return;
        }
        if ("100-continue".equalsIgnoreCase(request.getHeader("Expect")) && request.version() == HttpVersion.HTTP_1_1) {
            rc.response().writeContinue();
        }
        // Grown as the bytes arrive, never sized from Content-Length: a declared 64 KiB body that never comes must
        // cost a few hundred bytes, not 64 KiB, on each of the connections a stranger may hold.
        Buffer body = Buffer.buffer(INITIAL_BYTES);
        boolean[] over = {false};
        request.handler(chunk -> {
            if (over[0]) return;
            if (body.length() + chunk.length() > limit) {
                over[0] = true;
                refuse(rc);
            } else {
                body.appendBuffer(chunk);
            }
        });
        request.endHandler(ended -> {
            if (!over[0]) setBody(rc, body);
        });
        request.resume(); // Quarkus pauses a request until a handler wants its body
    }

    @SuppressWarnings("deprecation") // RoutingContext.setBody: the one way to hand Funqy a body read elsewhere
    private static void setBody(RoutingContext rc, Buffer body) {
        rc.setBody(body);
        rc.next();
    }

    /**
     * Answered {@code Request too large} by the failure handler; the connection closes after the answer, so a
     * client that keeps sending is not read on (nor held on to).
     */
    private static void refuse(RoutingContext rc) {
        rc.response().putHeader("Connection", "close");
        rc.addEndHandler(answered -> {
            if (!rc.request().isEnded()) rc.request().connection().close();
        });
        rc.fail(TOO_LARGE);
    }

    /** The {@code Content-Length}, -1 when absent (chunked) or not a number (then read and counted as it comes). */
    private static long declaredLength(HttpServerRequest request) {
        String header = request.getHeader("Content-Length");
        if (header == null) return -1;
        try {
            return Long.parseLong(header.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
