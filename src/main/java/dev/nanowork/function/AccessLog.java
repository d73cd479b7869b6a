package dev.nanowork.function;

import dev.nanowork.access.KeyId;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.observe.LogContext;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.rpc.RpcRequest;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * The access log: one short INFO line per request, written when it ends, with who sent it and the {@link KeyId id}
 * of the key it presented (never the key; {@code -} for none), so that a key's abuse can be traced to its senders:
 * {@code 203.0.113.7 key=1a2b3c4d POST /work_generate 212 ms}. No body, no answer.
 *
 * <p>Who sent it: the client {@link RequestOrigin} decided, the same one the request's search and rate count: behind
 * the edge with the origin secret, the viewer's address the edge forwards; else the connection's (on Lambda, API
 * Gateway's source address), or self-hosted the client a trusted proxy forwards; never a header a client may write
 * itself.
 */
final class AccessLog implements Handler<RoutingContext> {
    private static final Logger LOG = Logger.getLogger(AccessLog.class.getName());
    private static final String SENDER = "nano-work.sender";

    private final RequestOrigin origin;

    AccessLog(RequestOrigin origin) {
        this.origin = origin;
    }

    @Override
    public void handle(RoutingContext rc) {
        long start = System.nanoTime();
        // First of the request's routes: every line it writes, this one too, names its Lambda invocation.
        LambdaInvocation.requestId(rc).ifPresent(LogContext::requestId);
        // The client when the request ends: decided by then (OriginGate runs after this), whoever answered it.
        rc.addEndHandler(ended -> {
            Sender sender = sender(rc);
            LOG.info(() -> sender.client() + " key=" + sender.keyId() + " "
                    + rc.request().method() + " " + rc.request().path() + " "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
        });
        rc.next();
    }

    /**
     * Who sent the request: its client ({@code -} when none was decided) and the id of the key it presented. Decided
     * once, when the request ends, for this line and the request's record both (the key id may read the body again).
     */
    record Sender(String client, String keyId) {}

    Sender sender(RoutingContext rc) {
        Sender sender = rc.get(SENDER);
        if (sender == null) {
            String client = origin.client(rc);
            sender = new Sender(client == null ? "-" : client, keyId(rc));
            rc.put(SENDER, sender);
        }
        return sender;
    }

    /**
     * The id of the key the request presented, by the same rule the key is checked by ({@link SharedSecret#presented}):
     * the bearer token, else the body's {@code key} field. The body is read again only when it names a key.
     */
    private static String keyId(RoutingContext rc) {
        Optional<String> keyField = Optional.empty();
        String body = rc.body() == null ? null : rc.body().asString();
        if (body != null && body.contains("\"key\"")) {
            try {
                keyField = RpcRequest.parse(body).text("key", RpcError.KEY_WRONG);
            } catch (RpcError e) {
                keyField = Optional.empty(); // a body that is not a request: its refusal says so, the line does not
            }
        }
        return KeyId.of(SharedSecret.presented(Optional.ofNullable(rc.request().getHeader("Authorization")), keyField));
    }
}
