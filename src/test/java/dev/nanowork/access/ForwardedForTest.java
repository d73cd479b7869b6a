package dev.nanowork.access;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Who the client is behind a trusted proxy, and who it is when the proxy names none (issue 34). */
class ForwardedForTest {
    final ForwardedFor behindLocalNginx =
            new ForwardedFor(AddressSet.of("trusted-proxies", List.of("127.0.0.1", "10.0.0.0/8")));

    @Test
    void theRightmostUntrustedAddressIsTheClient() {
        assertEquals("192.0.2.1", behindLocalNginx.client("127.0.0.1", List.of("198.51.100.9, 192.0.2.1")));
        assertEquals("192.0.2.1", behindLocalNginx.client("127.0.0.1", List.of("192.0.2.1, 10.1.2.3")));
        assertEquals("127.0.0.1", behindLocalNginx.client("127.0.0.1", List.of("127.0.0.1")), "a local client");
    }

    @Test
    void anUntrustedPeerIsItselfWhateverItWrites() {
        assertEquals("192.0.2.7", behindLocalNginx.client("192.0.2.7", List.of("127.0.0.1")));
        assertEquals("192.0.2.7", behindLocalNginx.client("192.0.2.7", List.of()));
    }

    @Test
    void aTrustedProxyThatNamesNoClientSendsTheUnknownClientNeverItself() {
        assertEquals(ForwardedFor.UNKNOWN, behindLocalNginx.client("127.0.0.1", List.of()));
        assertEquals(ForwardedFor.UNKNOWN, behindLocalNginx.client("127.0.0.1", List.of("garbage")));
        assertEquals(ForwardedFor.UNKNOWN, behindLocalNginx.client("127.0.0.1", List.of("garbage, 10.1.2.3")));
        assertEquals(ForwardedFor.UNKNOWN, behindLocalNginx.client("10.1.2.3", List.of("")));
    }
}
