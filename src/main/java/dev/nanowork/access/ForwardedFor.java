package dev.nanowork.access;

import java.util.List;
import java.util.Optional;

/**
 * Who the client is behind trusted reverse proxies: each proxy appends the address it was reached from to {@code
 * X-Forwarded-For}, so from the right, every address a trusted proxy wrote is reliable up to the first one that is
 * not itself a trusted proxy: that is the client (nginx's {@code real_ip_recursive on}, and the large gateways'
 * rightmost-untrusted rule). Everything left of it the client may have written itself, and is ignored; so is the
 * whole header when the connection does not come from a trusted proxy.
 *
 * <p>A trusted proxy's request that names no client (no header, or an entry that is not an address where the walk
 * stops) is the {@link #UNKNOWN} client, never the proxy's own address: on the same host that address is the local
 * host, which no per-client bound limits, so a proxy that forgot the header would lift every bound for everyone
 * behind it. All such requests share the one unknown client's bounds (a stranger's).
 */
public final class ForwardedFor {
    /** The header, as nginx's {@code $proxy_add_x_forwarded_for} writes it. */
    public static final String HEADER = "X-Forwarded-For";

    /** The client of a trusted proxy's request that names none: one client for all of them, with a stranger's bounds. */
    public static final String UNKNOWN = "the unknown client (a trusted proxy's request without X-Forwarded-For)";

    private final AddressSet trustedProxies;

    public ForwardedFor(AddressSet trustedProxies) {
        this.trustedProxies = trustedProxies;
    }

    /**
     * The client's address.
     *
     * @param peer the connection's address
     * @param headers every {@code X-Forwarded-For} of the request, in order (a proxy may add its own line)
     * @return the first address from the right that is not a trusted proxy; the leftmost when all are; the
     *     connection's address when it is not a trusted proxy; {@link #UNKNOWN} when a trusted proxy sent no header,
     *     or when the entry where the walk stops is not an address (a proxy wrote what it should not: trust no
     *     further)
     */
    public String client(String peer, List<String> headers) {
        if (!trustedProxies.contains(peer)) return peer;
        if (headers.isEmpty()) return UNKNOWN;
        String[] hops = String.join(",", headers).split(",", -1);
        String client = peer;
        for (int i = hops.length - 1; i >= 0; i--) {
            Optional<String> hop = AddressSet.canonical(withoutPort(hops[i]));
            if (hop.isEmpty()) return UNKNOWN;
            client = hop.get();
            if (!trustedProxies.contains(client)) return client;
        }
        return client;
    }

    /** {@code 192.0.2.1:5000} and {@code [2001:db8::1]:5000} without their port (a few proxies add one). */
    private static String withoutPort(String hop) {
        String h = hop.strip();
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            return close < 0 ? h : h.substring(1, close);
        }
        int colon = h.indexOf(':');
        return colon >= 0 && colon == h.lastIndexOf(':') ? h.substring(0, colon) : h;
    }
}
