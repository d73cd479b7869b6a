package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.net.SocketAddress;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Who may reach a server, by {@code quarkus.http.host}: an opened self-hosted server answers for its own addresses
 * besides the localhost names (issue 44: every remote request was {@code Host not allowed} until
 * {@code NANO_WORK_ALLOWED_HOSTS} was set too), and dev mode tells this machine's callers from others'.
 */
class ListenAddressesTest {
    /** This machine's interfaces, as {@code NetworkInterface} lists them (a link-local address with its zone). */
    private static final List<String> INTERFACES = List.of("127.0.0.1", "0:0:0:0:0:0:0:1", "192.0.2.5", "fe80::1%1");

    @Test
    void loopbackKeepsTheServerToThisMachineAndAWildcardOpensIt() {
        for (String host : List.of("localhost", "127.0.0.1", "127.0.0.2", "::1", "[::1]", "LOCALHOST"))
            assertTrue(ListenAddresses.loopback(host), host);
        for (String host : List.of("0.0.0.0", "::", "192.0.2.5", "work.example"))
            assertFalse(ListenAddresses.loopback(host), host);
        assertTrue(ListenAddresses.wildcard("0.0.0.0"));
        assertTrue(ListenAddresses.wildcard("[::]"));
        assertFalse(ListenAddresses.wildcard("192.0.2.5"));
    }

    @Test
    void anOpenedServerIsReachedAtEveryAddressOfTheMachineOrTheOneItListensOn() {
        assertEquals(Set.of(), ListenAddresses.of("127.0.0.1", ListenAddressesTest::interfaces));
        assertEquals(
                Set.of("127.0.0.1", "0:0:0:0:0:0:0:1", "192.0.2.5", "fe80:0:0:0:0:0:0:1"),
                ListenAddresses.of("0.0.0.0", ListenAddressesTest::interfaces));
        assertEquals(Set.of("192.0.2.9"), ListenAddresses.of("192.0.2.9", ListenAddressesTest::interfaces));
        assertEquals(Set.of("work.example"), ListenAddresses.of("Work.Example", ListenAddressesTest::interfaces));
    }

    @Test
    void anOpenedServerAnswersForItsOwnAddressesAndTheLocalhostNamesOnly() {
        HostAllowList hosts = new HostAllowList(
                "localhost,127.0.0.1,[::1]", ListenAddresses.of("0.0.0.0", ListenAddressesTest::interfaces));
        for (String host : List.of("192.0.2.5:7076", "[fe80::1]:7076", "[0:0::1]:7076", "localhost:7076", "127.0.0.1"))
            assertTrue(hosts.allows(HostAllowList.name(host)), host);
        for (String host : List.of("rebinding.example:7076", "192.0.2.6:7076", "[2001:db8::5]"))
            assertFalse(hosts.allows(HostAllowList.name(host)), host);
        assertEquals("localhost, [0:0:0:0:0:0:0:1], 127.0.0.1, 192.0.2.5, [fe80:0:0:0:0:0:0:1]", hosts.describe());
        // A DNS name clients use is the operator's to add; any (*) leaves the check out.
        assertTrue(new HostAllowList("work.example", Set.of()).allows("work.example"));
        assertTrue(new HostAllowList("*", Set.of()).any());
        assertFalse(HostAllowList.of("localhost", "127.0.0.1").allows("192.0.2.5"));
    }

    @Test
    void devModeTellsThisMachinesCallersFromOthers() {
        assertTrue(LocalCallers.local(SocketAddress.inetSocketAddress(443, "127.0.0.1")));
        assertTrue(LocalCallers.local(SocketAddress.inetSocketAddress(443, "::1")));
        assertFalse(LocalCallers.local(SocketAddress.inetSocketAddress(443, "203.0.113.7")));
        assertFalse(LocalCallers.local(null));
    }

    private static List<InetAddress> interfaces() {
        return INTERFACES.stream()
                .map(a -> {
                    try {
                        return InetAddress.getByName(a); // literals: no lookup
                    } catch (UnknownHostException e) {
                        throw new IllegalStateException(e);
                    }
                })
                .toList();
    }
}
