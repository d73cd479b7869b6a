package dev.nanowork.function;

import dev.nanowork.access.AccessKeys;
import dev.nanowork.access.KeyUnavailableException;
import dev.nanowork.rpc.RpcError;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * With an origin secret configured ({@code nano-work.auth.origin-secret-parameter}: only the edge knows it), refuses
 * every request that does not carry it in {@link #HEADER}, before anything else runs, so that the API's own URL is no
 * way around the edge; and a request that does carry it is from the viewer the edge names ({@link
 * RequestOrigin#vouched}). Compared in constant time. Decided on the event loop without waiting while the secret is
 * held; with none held yet (the first request after a start or a restore) the decision waits for the read, off the
 * event loop, at most {@code StoredKeys.FIRST_READ_WAIT}, then answers {@code Key unavailable}.
 */
final class OriginGate implements Handler<RoutingContext> {
    /** The header the edge function sets from its key store, over anything of that name a viewer sent. */
    static final String HEADER = "x-origin-secret";

    /** Says what to do, never which part failed: a missing header and a wrong one are answered alike. */
    static final String HINT = "this function answers only requests its edge (CloudFront) forwards: send the request"
            + " to the endpoint's URL (the stack's api_endpoint), not to the API's own";

    private final AccessKeys keys;
    private final RequestOrigin origin;

    OriginGate(AccessKeys keys, RequestOrigin origin) {
        this.keys = keys;
        this.origin = origin;
    }

    @Override
    public void handle(RoutingContext rc) {
        CompletableFuture<Boolean> vouched =
                keys.vouches(Optional.ofNullable(rc.request().getHeader(HEADER)));
        if (vouched.isDone()) {
            decide(rc, vouched);
            return;
        }
        Context loop = Vertx.currentContext();
        // decide() meets the answer or the failure itself, on the event loop: nothing is lost here.
        var unused = vouched.whenComplete((answer, failure) -> loop.runOnContext(resumed -> decide(rc, vouched)));
    }

    private void decide(RoutingContext rc, CompletableFuture<Boolean> vouched) {
        if (rc.response().closed()) return; // the client left while the secret was read
        boolean through;
        try {
            through = vouched.join();
        } catch (CompletionException e) {
            if (!(e.getCause() instanceof KeyUnavailableException)) throw e;
            HttpRoutes.answer(rc, RpcError.keyUnavailable().answer());
            return;
        }
        if (!through) {
            HttpRoutes.answer(rc, new RpcError(RpcError.NOT_THROUGH_EDGE, HINT).answer());
            return;
        }
        origin.vouched(rc);
        rc.next();
    }
}
