package dev.nanowork.function;

import dev.nanowork.access.AddressSet;
import dev.nanowork.access.KeyId;
import dev.nanowork.access.SharedSecret;
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
 * <p>Who sent it: on Lambda behind CloudFront, the viewer's address the edge function forwards ({@code
 * x-viewer-address}), or CloudFront's {@code CloudFront-Viewer-Address} (API Gateway's source address is then one of
 * CloudFront's), else API Gateway's source address; self-hosted, the
 * client the per-client rules count ({@link RequestOrigin}: behind a trusted proxy, the one it forwards), never a
 * header a client may write itself.
 */
final class AccessLog implements Handler<RoutingContext> {
    private static final Logger LOG = Logger.getLogger(AccessLog.class.getName());

    /**
     * The edge function's header: the viewer's address as CloudFront measured it ({@code event.viewer.ip}), set over
     * anything of that name a viewer sent (terraform/stacks/work-api/edge/viewer-request.js).
     */
    static final String EDGE_VIEWER_ADDRESS = "x-viewer-address";

    /** CloudFront's own header, where a policy forwards it: address and port ({@code 198.51.100.10:46532}). */
    static final String VIEWER_ADDRESS = "CloudFront-Viewer-Address";

    private final RequestOrigin origin;

    AccessLog(RequestOrigin origin) {
        this.origin = origin;
    }

    @Override
    public void handle(RoutingContext rc) {
        String client = client(rc);
        long start = System.nanoTime();
        rc.addEndHandler(ended -> LOG.info(() -> client + " key=" + keyId(rc) + " "
                + rc.request().method() + " " + rc.request().path() + " "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms"));
        rc.next();
    }

    String client(RoutingContext rc) {
        if (LambdaInvocation.present(rc)) {
            String edge = rc.request().getHeader(EDGE_VIEWER_ADDRESS);
            return Optional.ofNullable(edge)
                    .flatMap(AddressSet::canonical)
                    .or(() -> viewerAddress(rc.request().getHeader(VIEWER_ADDRESS)))
                    .or(() -> LambdaInvocation.sourceIp(rc))
                    .orElse("-");
        }
        String client = origin.client(rc);
        return client == null ? "-" : client;
    }

    /** The address of a {@code CloudFront-Viewer-Address} value, its port left out; empty if it is not one. */
    static Optional<String> viewerAddress(String header) {
        if (header == null) return Optional.empty();
        int port = header.lastIndexOf(':');
        return AddressSet.canonical(port < 0 ? header : header.substring(0, port));
    }

    /**
     * The id of the key the request presented, by the same rule the key is checked by ({@link SharedSecret#presented}):
     * the bearer token, else the body's {@code key} field. The body is read again only when it names a key.
     */
    static String keyId(RoutingContext rc) {
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
