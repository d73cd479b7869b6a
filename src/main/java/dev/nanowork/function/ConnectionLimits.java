package dev.nanowork.function;

import dev.nanowork.access.AddressSet;
import dev.nanowork.access.ClientGroup;
import dev.nanowork.config.WorkConfig;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;

/**
 * What one address may hold of the self-hosted server's connections, and how long a request may take to arrive: the
 * connection-level half of the per-client rules (the queue holds the other half). A stranger gets {@code
 * connections-per-address}; a trusted proxy, which carries every client behind it over one address, {@code
 * connections-per-proxy}; a trusted work peer {@code connections-per-peer}. Impossible settings stop start-up with
 * a message naming the setting.
 *
 * @param perAddress connections one stranger may hold
 * @param perProxy connections one trusted proxy may hold
 * @param perPeer connections one trusted work peer may hold
 * @param headerTimeout the longest a request, head and body, may take to arrive ({@link RequestDeadline})
 * @param proxies the trusted proxies
 * @param peers the trusted work peers
 */
record ConnectionLimits(
        int perAddress, int perProxy, int perPeer, Duration headerTimeout, AddressSet proxies, AddressSet peers) {
    static final String PREFIX = "nano-work.self-hosted.";
    static final String PER_ADDRESS = PREFIX + "connections-per-address";
    static final String PER_PROXY = PREFIX + "connections-per-proxy";
    static final String PER_PEER = PREFIX + "connections-per-peer";
    static final String HEADER_TIMEOUT = PREFIX + "header-timeout";
    static final String MAX_CONNECTIONS = "quarkus.http.limits.max-connections";

    ConnectionLimits {
        positive(PER_ADDRESS, perAddress);
        positive(PER_PROXY, perProxy);
        positive(PER_PEER, perPeer);
        if (headerTimeout.isNegative() || headerTimeout.isZero()) {
            throw new IllegalArgumentException(HEADER_TIMEOUT + " must be positive (nginx's client_header_timeout"
                    + " is 60s, Envoy's edge advice for request_headers_timeout 10s); was " + headerTimeout);
        }
    }

    /**
     * From the configuration, checked against Quarkus' limit of connections in all: a stranger's share below it
     * is the point (one host must not hold them all).
     */
    static ConnectionLimits of(WorkConfig.SelfHosted config, OptionalInt maxConnections) {
        ConnectionLimits limits = new ConnectionLimits(
                config.connectionsPerAddress(),
                config.connectionsPerProxy(),
                config.connectionsPerPeer(),
                config.headerTimeout(),
                AddressSet.of(
                        RequestOrigin.TRUSTED_PROXIES, config.trustedProxies().orElse(List.of())),
                AddressSet.of(RequestOrigin.WORK_PEERS, config.workPeers().orElse(List.of())));
        if (maxConnections.isPresent() && limits.perAddress() >= maxConnections.getAsInt()) {
            throw new IllegalArgumentException(PER_ADDRESS + " " + limits.perAddress() + " must be below "
                    + MAX_CONNECTIONS + " (" + maxConnections.getAsInt()
                    + "), so that one address cannot hold every connection");
        }
        return limits;
    }

    /**
     * The local host itself: bounded only by Quarkus' limit in all. On the loopback-only default every client is the
     * local host (the node, the nginx sample, wallets on the machine), which a stranger's share would cap all
     * together; no remote host can send from a loopback address, and a local process can stop the server anyway.
     */
    static final AddressSet LOCAL_HOST = AddressSet.of("the local host", List.of("127.0.0.1", "::1"));

    /**
     * The connections {@code address} (canonical text) may hold: the local host's (no share of its own), a proxy's, a
     * peer's or a stranger's share.
     */
    int limitFor(String address) {
        if (LOCAL_HOST.contains(address)) return Integer.MAX_VALUE;
        if (proxies.contains(address)) return perProxy;
        if (peers.contains(address)) return perPeer;
        return perAddress;
    }

    /**
     * The key whose open connections {@code address} (canonical text) counts among: the local host, a proxy and a peer
     * by their own address (each named by the operator), a stranger by its {@link ClientGroup} (an IPv6 address's
     * /64), so that one host cannot open its share again from every address of its /64.
     */
    String keyFor(String address) {
        if (LOCAL_HOST.contains(address) || proxies.contains(address) || peers.contains(address)) return address;
        return ClientGroup.of(address);
    }

    private static void positive(String setting, int value) {
        if (value < 1) throw new IllegalArgumentException(setting + " must be at least 1; was " + value);
    }
}
