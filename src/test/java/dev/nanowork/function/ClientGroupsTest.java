package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.access.AddressSet;
import dev.nanowork.access.ClientGroup;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.search.QueueLimits;
import dev.nanowork.search.QueueRefusal;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every per-client key groups a stranger's IPv6 addresses by /64 (issue 34): the queue's searches and callers per
 * client, the connections per address (the request rate: RequestRateTest, over the wire); an IPv4 address mapped into
 * IPv6 is its IPv4 address; a trusted proxy or work peer, each named by the operator, keeps its own address.
 */
class ClientGroupsTest {
    static final Difficulty UNREACHABLE = new Difficulty(-1L);
    static final String PROXY = "2001:db8:ff::7";
    static final String PEER = "2001:db8:ff::8";

    final RequestOrigin origin =
            new RequestOrigin(AddressSet.of("proxies", List.of(PROXY)), AddressSet.of("peers", List.of(PEER)));
    WorkQueue queue;

    @AfterEach
    void close() {
        if (queue != null) {
            queue.close();
            queue.search().close();
        }
    }

    @Test
    void anIpv6AddressIsItsSlash64AndAMappedIpv4AddressIsItsIpv4() {
        assertEquals("192.0.2.1", ClientGroup.of("192.0.2.1"));
        assertEquals("192.0.2.1", ClientGroup.of("::ffff:192.0.2.1"));
        assertEquals("192.0.2.1", ClientGroup.of("::ffff:c000:201"));
        assertEquals("2001:db8:1:2::/64", ClientGroup.of("2001:db8:1:2::1"));
        assertEquals("2001:db8:1:2::/64", ClientGroup.of("2001:0DB8:0001:0002:ffff:ffff:ffff:fffe"));
        assertEquals("2001:db8:1:2::/64", ClientGroup.of("[2001:db8:1:2:0:0:0:9]"));
        assertNotEquals(ClientGroup.of("2001:db8:1:2::1"), ClientGroup.of("2001:db8:1:3::1"));
        assertEquals("0:0:0:0::/64", ClientGroup.of("::1"));
        assertEquals("not-an-ip", ClientGroup.of("not-an-ip"));
    }

    @Test
    void theQueueBoundsSearchesPerSlash64() throws Exception {
        queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 1), Wiring.limits(8, 2, 1));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        queue.submit(root(1), UNREACHABLE, deadline, origin.callerAt(canonical("2001:db8:1:2::1")));
        QueueRefusal refused = assertThrows(
                QueueRefusal.class,
                () -> queue.submit(root(2), UNREACHABLE, deadline, origin.callerAt(canonical("2001:db8:1:2::2"))));
        assertTrue(refused.getMessage().startsWith("this client already waits for 1 searches"), refused.getMessage());
        queue.submit(root(3), UNREACHABLE, deadline, origin.callerAt(canonical("2001:db8:1:3::1")));
        // A work peer is its own address: its neighbour in the /64 is a stranger with its own count.
        queue.submit(root(4), UNREACHABLE, deadline, origin.callerAt(canonical(PEER)));
        queue.submit(root(5), UNREACHABLE, deadline, origin.callerAt(canonical("2001:db8:ff::9")));
        queue.submit(root(6), UNREACHABLE, deadline, origin.callerAt(canonical("192.0.2.5")));
        assertThrows(
                QueueRefusal.class,
                () -> queue.submit(root(7), UNREACHABLE, deadline, origin.callerAt(canonical("::ffff:192.0.2.5"))));
    }

    @Test
    void theQueueBoundsCallersPerSlash64() throws Exception {
        queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 1), new QueueLimits(8, 16, 4, 2, 16, 16));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (int i = 1; i <= 2; i++) {
            queue.submit(root(1), UNREACHABLE, deadline, origin.callerAt(canonical("2001:db8:1:2::" + i)));
        }
        QueueRefusal refused = assertThrows(
                QueueRefusal.class,
                () -> queue.submit(root(1), UNREACHABLE, deadline, origin.callerAt(canonical("2001:db8:1:2::3"))));
        assertTrue(refused.getMessage().startsWith("this client already waits for 2 answers"), refused.getMessage());
    }

    @Test
    void connectionsCountPerSlash64ExceptTheNamedOnes() {
        ConnectionLimits limits = new ConnectionLimits(
                4,
                12,
                8,
                Duration.ofSeconds(10),
                AddressSet.of("proxies", List.of(PROXY)),
                AddressSet.of("peers", List.of(PEER)));
        assertEquals(limits.keyFor(canonical("2001:db8:1:2::1")), limits.keyFor(canonical("2001:db8:1:2::abcd")));
        assertEquals("2001:db8:ff:0::/64", limits.keyFor(canonical("2001:db8:ff::9")));
        assertEquals(canonical(PROXY), limits.keyFor(canonical(PROXY)));
        assertEquals(canonical(PEER), limits.keyFor(canonical(PEER)));
        assertEquals("0:0:0:0:0:0:0:1", limits.keyFor(canonical("::1")));
        assertEquals("192.0.2.5", limits.keyFor(canonical("::ffff:192.0.2.5")));
    }

    /** As the server names a connection's address ({@link AcceptedConnections#address}, RequestOrigin#client). */
    static String canonical(String literal) {
        return AddressSet.canonical(literal).orElseThrow();
    }

    static Root root(int n) {
        byte[] b = new byte[32];
        b[0] = (byte) n;
        return Root.of(b);
    }
}
