package dev.nanowork.function;

import dev.nanowork.access.AddressSet;
import dev.nanowork.rpc.RpcError;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Refuses a request whose {@code Host} names a server this is not ({@code nano-work.allowed-hosts}): a web page that
 * rebinds its own name to 127.0.0.1 reaches the local server as a same-origin caller, which CORS cannot tell from a
 * real one, but its {@code Host} still names the page's site. The self-hosted build allows only the localhost names
 * by default, and once opened ({@code quarkus.http.host}) its own addresses too ({@link ListenAddresses}); {@code *}
 * (the Lambda build's default, behind API Gateway's own domain) allows any. A request without a {@code Host} (HTTP/1.0
 * tools) is let through: every browser sends one.
 */
final class HostAllowList implements Handler<RoutingContext> {
    /** The refusal: nano_node's style, HTTP 200 like every answer. */
    static final String NOT_ALLOWED = "Host not allowed";

    /**
     * Names no host: the allowed names would tell anyone which names reach this server (a rebinding page learns
     * what to rebind to), and the one sent is the client's own.
     */
    static final String HINT =
            "this server answers only for the host names its operator allowed (nano-work.allowed-hosts)";

    private final Set<String> names = new TreeSet<>();
    private final Set<String> addresses = new TreeSet<>();
    private final boolean any;

    /**
     * @param setting {@code nano-work.allowed-hosts}: names and addresses, comma separated, or {@code *}
     * @param reachedAt what the server listens on besides ({@link ListenAddresses#of}): names, canonical addresses
     */
    HostAllowList(String setting, Set<String> reachedAt) {
        List<String> given = Arrays.stream(setting.split(","))
                .map(String::strip)
                .filter(h -> !h.isEmpty())
                .map(h -> h.toLowerCase(Locale.ROOT))
                .toList();
        this.any = given.isEmpty() || given.contains("*");
        for (String host : given) add(host);
        for (String host : reachedAt) add(host);
    }

    /** From the settings: the addresses it listens on are looked up only when not every host is allowed anyway. */
    static HostAllowList of(String setting, String listenHost) {
        HostAllowList given = new HostAllowList(setting, Set.of());
        return given.any()
                ? given
                : new HostAllowList(setting, ListenAddresses.of(listenHost, ListenAddresses::interfaces));
    }

    private void add(String host) {
        AddressSet.canonical(ListenAddresses.unbracket(host)).ifPresentOrElse(addresses::add, () -> names.add(host));
    }

    /** Whether any host is allowed ({@code *}): then this handler is not installed. */
    boolean any() {
        return any;
    }

    /** Whether a request whose {@code Host} names {@code host} (as {@link #name} gives it) is answered. */
    boolean allows(String host) {
        return names.contains(host)
                || AddressSet.canonical(ListenAddresses.unbracket(host))
                        .map(addresses::contains)
                        .orElse(false);
    }

    /** What it answers for, for the start-up line: the names, then the addresses. */
    String describe() {
        List<String> all = new ArrayList<>(names);
        addresses.stream().map(a -> a.contains(":") ? "[" + a + "]" : a).forEach(all::add);
        return String.join(", ", all);
    }

    @Override
    public void handle(RoutingContext rc) {
        String host = rc.request().getHeader("Host");
        if (host == null || allows(name(host))) {
            rc.next();
            return;
        }
        HttpRoutes.answer(rc, new RpcError(NOT_ALLOWED, HINT).answer());
    }

    /** The host name of a {@code Host} header, its port and case left out ({@code [::1]:7076} is {@code [::1]}). */
    static String name(String header) {
        String h = header.strip().toLowerCase(Locale.ROOT);
        int colon = h.lastIndexOf(':');
        if (colon > h.lastIndexOf(']')) h = h.substring(0, colon);
        return h;
    }
}
