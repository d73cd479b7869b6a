package dev.nanowork.function;

import dev.nanowork.access.AddressSet;
import dev.nanowork.access.ClientGroup;
import dev.nanowork.access.ForwardedFor;
import dev.nanowork.config.WorkConfig;
import dev.nanowork.search.Caller;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import java.util.List;

/**
 * Who sent a request, for the queue's per-client rules: the connection's address, or behind a trusted proxy
 * ({@code nano-work.self-hosted.trusted-proxies}) the client its {@code X-Forwarded-For} names ({@link
 * ForwardedFor}); from any other peer the header is ignored (anyone can write one). A client whose address is a
 * trusted work peer ({@code nano-work.self-hosted.work-peers}) gets the peer bounds. A stranger's bounds count under
 * its {@link ClientGroup} (an IPv6 address's /64), a work peer's under its own address (an operator names each one).
 * A request without an address (a Lambda invocation, alone on its instance) is the process itself.
 */
final class RequestOrigin {
    static final String TRUSTED_PROXIES = "nano-work.self-hosted.trusted-proxies";
    static final String WORK_PEERS = "nano-work.self-hosted.work-peers";

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

    /** The client's address (canonical text) that sent {@code rc}; null for a request without an address. */
    String client(RoutingContext rc) {
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
