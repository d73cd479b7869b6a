package dev.nanowork.support;

import dev.nanowork.access.AccessKeys;
import dev.nanowork.access.Credentials;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.kernel.PrimedRate;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.HostFacts;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.Precache;
import dev.nanowork.search.QueueLimits;
import dev.nanowork.search.Searcher;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.work.Difficulty;
import java.time.Duration;

/**
 * The queue and the RPC built for a test without the application, through their one constructor each (the engine's
 * way), with what a test leaves out filled in: this JVM's facts, no key, the default limits.
 */
public final class Wiring {
    private Wiring() {}

    /** This JVM's facts, on the CPU it runs on now, with no kernel primed. */
    public static HostFacts host() {
        JvmProbe probe = JvmProbe.current();
        return HostFacts.of(probe, JvmProbe.CpuFacts.of(probe), PrimedRate.NONE);
    }

    /** An open RPC: no key, as nano_node's own. */
    public static WorkRpc rpc(WorkQueue queue, WorkRpc.Settings settings) {
        return rpc(queue, settings, Credentials.NONE);
    }

    /** An RPC that lets in only the requests carrying {@code key} (no operator key). */
    public static WorkRpc rpc(WorkQueue queue, WorkRpc.Settings settings, SharedSecret key) {
        return rpc(queue, settings, new Credentials(key, SharedSecret.NONE));
    }

    /** An RPC that lets in the requests carrying a key of {@code keys}, on this JVM's facts, with no precache. */
    public static WorkRpc rpc(WorkQueue queue, WorkRpc.Settings settings, Credentials keys) {
        return rpc(queue, settings, keys, NO_PRECACHE);
    }

    /** An RPC as {@link #rpc(WorkQueue, WorkRpc.Settings, Credentials)}, whose work_precache goes to {@code precache}. */
    public static WorkRpc rpc(WorkQueue queue, WorkRpc.Settings settings, Credentials keys, Precache precache) {
        return new WorkRpc(queue, settings, AccessKeys.of(keys), host(), precache);
    }

    /** An RPC whose keys come from {@code access} (configured or stored), with no precache. */
    public static WorkRpc rpc(WorkQueue queue, WorkRpc.Settings settings, AccessKeys access) {
        return new WorkRpc(queue, settings, access, host(), NO_PRECACHE);
    }

    /**
     * The settings of the tests that check who gets in: every action served, any difficulty up to send, a benchmark of
     * 10 ms (at most 20), {@code benchmark} refused without the operator key when {@code benchmarkRequiresKey}.
     */
    public static WorkRpc.Settings gateSettings(boolean benchmarkRequiresKey) {
        return new WorkRpc.Settings(
                Action.served("both"),
                new Difficulty(0),
                Difficulty.SEND,
                Duration.ofMillis(10),
                Duration.ofMillis(20),
                "test",
                benchmarkRequiresKey);
    }

    /** What a test's RPC precaches with unless it says otherwise: nothing, every work_precache refused. */
    public static final Precache NO_PRECACHE = Precache.none("no precache in this test");

    /** A queue holding {@code capacity} waiting searches, with the default limits per search and per client. */
    public static WorkQueue queue(WorkSearch search, int capacity) {
        return queue(search, limits(capacity, QueueLimits.WAITERS_PER_SEARCH, QueueLimits.SEARCHES_PER_CLIENT));
    }

    /** A queue of {@code limits} whose searches run on {@code search} alone. */
    public static WorkQueue queue(WorkSearch search, QueueLimits limits) {
        return new WorkQueue(search, Searcher.local(search), limits);
    }

    /** The given bounds per search and per client, and the defaults for the rest. */
    public static QueueLimits limits(int capacity, int waitersPerSearch, int searchesPerClient) {
        return new QueueLimits(
                capacity,
                waitersPerSearch,
                searchesPerClient,
                QueueLimits.WAITERS_PER_CLIENT,
                QueueLimits.MAX_WAITERS,
                QueueLimits.SEARCHES_PER_PEER);
    }
}
