package dev.nanowork.function;

import dev.nanowork.access.AddressSet;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * What {@code quarkus.http.host} says about who may reach this server: a loopback name or address keeps it to this
 * machine (the self-hosted default, and dev mode's); a wildcard ({@code 0.0.0.0}, {@code ::}) opens it on every
 * interface, a name or an address on that one. An opened server is reached at its own addresses, so those are host
 * names it answers for without being listed in {@code nano-work.allowed-hosts}: an address in a {@code Host} is no
 * DNS-rebinding page's (its origin would be this server itself).
 */
final class ListenAddresses {
    static final String SETTING = "quarkus.http.host";

    private ListenAddresses() {}

    /** Whether {@code host} keeps the server to this machine. */
    static boolean loopback(String host) {
        String h = unbracket(host.strip().toLowerCase(Locale.ROOT));
        if (h.equals("localhost")) return true;
        return AddressSet.canonical(h)
                .map(a -> a.startsWith("127.") || a.equals("0:0:0:0:0:0:0:1"))
                .orElse(false);
    }

    static boolean wildcard(String host) {
        String h = unbracket(host.strip());
        return AddressSet.canonical(h)
                .map(a -> a.equals("0.0.0.0") || a.equals("0:0:0:0:0:0:0:0"))
                .orElse(false);
    }

    /**
     * The host names (lowercase) and address literals (canonical, as {@link AddressSet#canonical} writes them) a
     * server listening on {@code host} is reached by: none on loopback, every interface's addresses on a wildcard, else
     * {@code host} itself.
     */
    static Set<String> of(String host, Supplier<List<InetAddress>> interfaces) {
        Set<String> names = new TreeSet<>();
        if (loopback(host)) return names;
        if (wildcard(host)) {
            for (InetAddress a : interfaces.get()) {
                AddressSet.canonical(unzoned(a.getHostAddress())).ifPresent(names::add);
            }
        } else {
            String h = unbracket(host.strip().toLowerCase(Locale.ROOT));
            names.add(AddressSet.canonical(h).orElse(h));
        }
        return names;
    }

    /** Every address of every interface that is up (loopback included), at start-up. */
    static List<InetAddress> interfaces() {
        List<InetAddress> addresses = new ArrayList<>();
        try {
            for (NetworkInterface i : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (i.isUp()) addresses.addAll(Collections.list(i.getInetAddresses()));
            }
        } catch (SocketException e) {
            // No interface list: the server still answers for the names it was given.
            return addresses;
        }
        return addresses;
    }

    /** {@code [::1]} is {@code ::1}; anything else unchanged. */
    static String unbracket(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /** An IPv6 address without its zone ({@code fe80::1%eth0} is {@code fe80::1}): a Host header carries none. */
    private static String unzoned(String address) {
        int zone = address.indexOf('%');
        return zone < 0 ? address : address.substring(0, zone);
    }
}
