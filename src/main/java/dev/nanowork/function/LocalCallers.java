package dev.nanowork.function;

import dev.nanowork.rpc.RpcError;
import io.vertx.core.Handler;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;

/**
 * Dev mode answers this machine only, unless {@code quarkus.http.host} opens it ({@code -Dquarkus.http.host=0.0.0.0}),
 * as the self-hosted server does. Its front, Quarkus' mock Lambda event server, listens on every interface and has no
 * setting to say otherwise (Quarkus 3.33's {@code MockEventServer} binds Vert.x's default host), so the check is here:
 * each request it forwards carries its connection's address (the event's {@code sourceIp}), and one from another
 * machine is refused before anything runs. The mock server's own {@code /_lambda_} routes stay reachable from the
 * network; on an untrusted one, a firewall keeps them to this machine.
 */
final class LocalCallers implements Handler<RoutingContext> {
    static final String NOT_LOCAL = "Local callers only";
    static final String HINT = "dev mode answers this machine only; ./mvnw quarkus:dev -D" + ListenAddresses.SETTING
            + "=0.0.0.0 opens it to others";

    @Override
    public void handle(RoutingContext rc) {
        if (local(rc.request().remoteAddress())) {
            rc.next();
        } else {
            HttpRoutes.answer(rc, new RpcError(NOT_LOCAL, HINT).answer());
        }
    }

    /** Whether a request from {@code caller} comes from this machine (a request without an address does not). */
    static boolean local(SocketAddress caller) {
        return caller != null && caller.hostAddress() != null && ListenAddresses.loopback(caller.hostAddress());
    }
}
