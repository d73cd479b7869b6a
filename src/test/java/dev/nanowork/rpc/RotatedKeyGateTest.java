package dev.nanowork.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.nanowork.access.AccessKeys;
import dev.nanowork.access.Hands;
import dev.nanowork.access.KeySource;
import dev.nanowork.access.ParameterStore;
import dev.nanowork.access.StoredKeys;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.search.Caller;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.Wiring;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A wallet that moved to a rotated key is let in by the first request it sends to an execution whose keys were read
 * before the rotation and are past their cache time: the gate waits (briefly) for the read the stale keys start,
 * rather than refuse with the keys it holds. Within the cache time, the held keys decide without a read.
 */
class RotatedKeyGateTest {
    static final String PARAMETER = "/nano-work/auth-key";
    static final String OLD = "old-wallet-key-0123456789abcdefghij";
    static final String NEW = "new-wallet-key-klmnopqrstuvwxyz0123";
    static final Duration CACHE = Duration.ofMinutes(5);

    final Hands clock = new Hands();
    final AtomicInteger reads = new AtomicInteger();
    final List<ParameterStore.Version> versions = new CopyOnWriteArrayList<>(
            List.of(new ParameterStore.Version(OLD, 1, clock.now.minus(Duration.ofDays(30)))));
    /** GetParameters of this one parameter: its newest version, or {@code PARAMETER:N}. */
    final ParameterStore store = selectors -> {
        reads.incrementAndGet();
        Map<String, ParameterStore.Version> found = new HashMap<>();
        for (String s : selectors) {
            int n = s.equals(PARAMETER) ? versions.size() : Integer.parseInt(s.substring(PARAMETER.length() + 1));
            found.put(s, versions.get(n - 1));
        }
        return new ParameterStore.Found(found, Set.of());
    };

    final WorkQueue queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 1), 4);
    final WorkRpc rpc = Wiring.rpc(
            queue,
            Wiring.gateSettings(true),
            new AccessKeys(
                    new KeySource.Stored(PARAMETER),
                    KeySource.NONE,
                    KeySource.NONE,
                    new StoredKeys(List.of(PARAMETER), store, CACHE, Duration.ofMinutes(30), clock)));

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    Map<String, String> validate(String key) {
        String body = "{\"action\":\"work_validate\",\"hash\":"
                + "\"718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2\",\"work\":\"2bf29ef00786a6bc\"}";
        return MapRpc.fields(rpc.handle(
                body,
                new RequestContext(Caller.LOCAL, Optional.of("Bearer " + key), System.nanoTime() + 10_000_000_000L)));
    }

    @Test
    void aRotatedKeyIsLetInByTheFirstRequestPastTheCacheTime() {
        assertEquals("1", validate(OLD).get("valid_receive"));
        versions.add(new ParameterStore.Version(NEW, 2, clock.now));
        assertEquals("Invalid key", validate(NEW).get("error"), "within the cache time the held keys decide");
        assertEquals(1, reads.get(), "and nothing is read for a key they refuse");
        clock.now = clock.now.plus(CACHE);
        Map<String, String> first = validate(NEW);
        assertFalse(first.containsKey("error"), "the first request with the new key, past the cache time: " + first);
        assertEquals("1", validate(OLD).get("valid_receive"), "the old key through the grace");
    }
}
