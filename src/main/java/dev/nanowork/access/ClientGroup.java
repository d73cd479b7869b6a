package dev.nanowork.access;

import java.util.Locale;

/**
 * The key a stranger's per-client bounds count under (request rate, connections, searches and callers in the queue):
 * an IPv4 address is itself (one mapped into IPv6, {@code ::ffff:192.0.2.1}, is that IPv4 address); an IPv6 address
 * is its /64. A /64 is the smallest prefix an ISP or a cloud gives one subscriber or one instance (RFC 6177; an AWS
 * ENI gets a /64 prefix on request), and every address in it is that one host's to use, privacy addresses included,
 * so keying on the whole /128 would give one host 2^64 clients' worth of every bound.
 */
public final class ClientGroup {
    /** Bytes of an IPv6 address kept: the /64 network; the interface identifier is the host's to choose. */
    private static final int NETWORK_BYTES = 8;

    private ClientGroup() {}

    /**
     * {@code address}'s group: the canonical IPv4 address, or {@code 2001:db8:1:2::/64} for an IPv6 one; a text
     * that is not an IP literal is its own group (a connection without an IP peer, e.g. a Unix socket).
     */
    public static String of(String address) {
        byte[] bytes = AddressSet.parse(address).orElse(null);
        if (bytes == null) return address;
        if (bytes.length == 4) return AddressSet.canonical(address).orElseThrow();
        StringBuilder group = new StringBuilder();
        for (int i = 0; i < NETWORK_BYTES; i += 2) {
            int hextet = ((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff);
            group.append(Integer.toHexString(hextet).toLowerCase(Locale.ROOT)).append(':');
        }
        return group.append(":/64").toString();
    }
}
