package dev.nanowork.function;

import dev.nanowork.access.AddressSet;
import dev.nanowork.access.ClientGroup;
import dev.nanowork.access.ForwardedFor;
import dev.nanowork.config.WorkConfig;
import dev.nanowork.search.Caller;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Optional;

/**
 * Who sent a request, decided once, at its arrival, and kept in the routing context for everything that asks: the
 * record's asker and what {@code work_cancel} withdraws ({@link #caller}), the rate a client is held to ({@link
 * RateLimiter}), the access log's line. A request the edge vouched for (its origin secret matched: {@link
 * OriginGate}) is from the viewer address the edge measured and sent ({@link #EDGE_VIEWER_ADDRESS}); any other is from
 * the connection's address (on Lambda, API Gateway's {@code sourceIp}: behind CloudFront, one of its shared addresses),
 * or behind a trusted proxy ({@code nano-work.self-hosted.trusted-proxies}) the client its {@code X-Forwarded-For}
 * names ({@link ForwardedFor}). A header from anyone else is never believed: anyone can write one. A client whose
 * address is a trusted work peer ({@code nano-work.self-hosted.work-peers}) gets the peer bounds. A stranger's bounds
 * count under its {@link ClientGroup} (an IPv6 address's /64), a work peer's under its own address. A request without
 * an address is the process itself.
 */
final class RequestOrigin {
    static final String TRUSTED_PROXIES = "nano-work.self-hosted.trusted-proxies";
    static final String WORK_PEERS = "nano-work.self-hosted.work-peers";

    /**
     * The edge function's header: the viewer's address as CloudFront measured it ({@code event.viewer.ip}), set over
     * anything of that name a viewer sent (terraform/stacks/work-api/edge/viewer-request.js); believed only beside
     * the origin secret.
     */
    static final String EDGE_VIEWER_ADDRESS = "x-viewer-address";

    /** Where the decision is kept in the routing context. */
    private static final String KEY = "nano-work.client";

    /** Who a request is from: the client's canonical address, null for a request without one. */
    private record Decided(String client) {}

    private final ForwardedFor forwardedFor;
    private final AddressSet workPeers;

    RequestOrigin(AddressSet trustedProxies, AddressSet workPeers) {
        this.forwardedFor = new ForwardedFor(trustedProxies);
        this.workPeers = workPeers;
    }

    /** From the configuration; a setting that is not addresses and ranges stops start-up, naming it. */
    static RequestOrigin of(WorkConfig.SelfHosted config) {
        return new RequestOrigin(
                AddressSet.of(TRUSTED_PROXIES, config.trustedProxies().orElse(List.of())),
                AddressSet.of(WORK_PEERS, config.workPeers().orElse(List.of())));
    }

    Caller caller(RoutingContext rc) {
        String client = client(rc);
        return client == null ? Caller.LOCAL : callerAt(client);
    }

    /** The caller at {@code client} (as {@link #client} names it). */
    Caller callerAt(String client) {
        return workPeer(client) ? Caller.workPeerAt(client) : Caller.at(client, key(client));
    }

    /** The key {@code client}'s per-client bounds count under: a work peer's address, a stranger's group. */
    String key(String client) {
        return workPeer(client) ? client : ClientGroup.of(client);
    }

    /**
     * The client's address (canonical text) that sent {@code rc}, null for a request without an address: as {@link
     * #vouched} decided it, else the connection's (decided here, once).
     */
    String client(RoutingContext rc) {
        Decided decided = rc.get(KEY);
        if (decided == null) {
            decided = new Decided(connection(rc));
            rc.put(KEY, decided);
        }
        return decided.client();
    }

    /**
     * {@code rc} carried the origin secret: its client is the viewer address the edge sent with it, when that is an IP
     * literal (the edge always sends one), else the connection's.
     */
    void vouched(RoutingContext rc) {
        String viewer = rc.request().getHeader(EDGE_VIEWER_ADDRESS);
        rc.put(
                KEY,
                new Decided(Optional.ofNullable(viewer)
                        .flatMap(AddressSet::canonical)
                        .orElseGet(() -> connection(rc))));
    }

    /** The connection's client: its address, or behind a trusted proxy the client it forwards; null without one. */
    private String connection(RoutingContext rc) {
        SocketAddress address = rc.request().remoteAddress();
        if (address == null || address.hostAddress() == null) return null;
        String peer = AddressSet.canonical(address.hostAddress()).orElse(address.hostAddress());
        return forwardedFor.client(peer, rc.request().headers().getAll(ForwardedFor.HEADER));
    }

    /** Whether {@code client} (as {@link #client} names it) is a trusted work peer. */
    boolean workPeer(String client) {
        return workPeers.contains(client);
    }
}
