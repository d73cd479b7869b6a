package dev.nanowork.access;

import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A set of IP addresses given as addresses or CIDR ranges ({@code 127.0.0.1}, {@code 10.0.0.0/8}, {@code ::1},
 * {@code fd00::/8}): the trusted proxies and the trusted work peers. Only literals are read, never a name (a DNS
 * answer must not decide who is trusted); an IPv4 address mapped into IPv6 ({@code ::ffff:127.0.0.1}) is the IPv4
 * address. A setting that is not an address or a range stops start-up, naming it.
 */
public final class AddressSet {
    /** No address. */
    public static final AddressSet NONE = new AddressSet(List.of());

    /** A network and its prefix length in bits. */
    private static final class Range {
        private final byte[] network;
        private final int bits;

        Range(byte[] network, int bits) {
            this.network = network.clone();
            this.bits = bits;
        }

        boolean contains(byte[] address) {
            if (address.length != network.length) return false;
            int full = bits / 8;
            for (int i = 0; i < full; i++) if (address[i] != network[i]) return false;
            int rest = bits % 8;
            if (rest == 0) return true;
            int mask = 0xff << (8 - rest) & 0xff;
            return (address[full] & mask) == (network[full] & mask);
        }
    }

    private final List<Range> ranges;

    private AddressSet(List<Range> ranges) {
        this.ranges = List.copyOf(ranges);
    }

    /**
     * The addresses and ranges of {@code entries} (blank ones skipped).
     *
     * @param setting the setting's name, for the start-up error
     * @throws IllegalArgumentException naming the setting and the entry that is not an address or a range
     */
    public static AddressSet of(String setting, List<String> entries) {
        List<Range> ranges = new ArrayList<>();
        for (String entry : entries) {
            String e = entry.strip();
            if (e.isEmpty()) continue;
            int slash = e.indexOf('/');
            byte[] network = parse(slash < 0 ? e : e.substring(0, slash)).orElse(null);
            int bits = network == null ? -1 : network.length * 8;
            if (network != null && slash >= 0) bits = prefix(e.substring(slash + 1), bits);
            if (network == null || bits < 0) {
                throw new IllegalArgumentException(setting + " takes IP addresses and CIDR ranges, comma separated"
                        + " (127.0.0.1, 10.0.0.0/8, ::1, fd00::/8); '" + e + "' is neither");
            }
            ranges.add(new Range(network, bits));
        }
        return new AddressSet(ranges);
    }

    private static int prefix(String text, int max) {
        if (!text.matches("[0-9]{1,3}")) return -1;
        int bits = Integer.parseInt(text);
        return bits <= max ? bits : -1;
    }

    /** Whether no address is in the set. */
    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** Whether {@code address} (a literal; anything else is in no set) is in the set. */
    public boolean contains(String address) {
        if (ranges.isEmpty()) return false;
        byte[] bytes = parse(address).orElse(null);
        if (bytes == null) return false;
        for (Range r : ranges) if (r.contains(bytes)) return true;
        return false;
    }

    /**
     * The bytes of an IP literal (an IPv6 one may be in brackets), 4 for IPv4 and for IPv4 mapped into IPv6, 16 for
     * IPv6; empty for anything else, names included.
     */
    static Optional<byte[]> parse(String literal) {
        String s = literal.strip();
        if (s.startsWith("[") && s.endsWith("]")) s = s.substring(1, s.length() - 1);
        byte[] bytes = NetUtil.createByteArrayFromIpAddressString(s);
        if (bytes == null) return Optional.empty();
        if (bytes.length == 16 && mappedIpv4(bytes)) {
            byte[] v4 = new byte[4];
            System.arraycopy(bytes, 12, v4, 0, 4);
            return Optional.of(v4);
        }
        return Optional.of(bytes);
    }

    private static boolean mappedIpv4(byte[] b) {
        for (int i = 0; i < 10; i++) if (b[i] != 0) return false;
        return b[10] == (byte) 0xff && b[11] == (byte) 0xff;
    }

    /** The canonical text of an IP literal ({@code ::ffff:127.0.0.1} is {@code 127.0.0.1}); empty if not one. */
    public static Optional<String> canonical(String literal) {
        return parse(literal).map(b -> {
            try {
                return InetAddress.getByAddress(b).getHostAddress(); // from bytes: no lookup
            } catch (UnknownHostException e) {
                throw new IllegalStateException(e); // 4 or 16 bytes always make an address
            }
        });
    }
}
