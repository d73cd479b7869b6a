package dev.nanowork.search;

/**
 * How many searches and callers the {@link WorkQueue} holds ({@link Admission} applies them): {@code capacity}
 * searches waiting behind the running one; {@code waitersPerSearch} callers sharing one search; per client,
 * {@code searchesPerClient} searches and {@code waitersPerClient} callers (a trusted work peer: {@code
 * searchesPerPeer} of both); {@code maxWaiters} callers in all (each HTTP caller waits on a worker thread).
 */
public record QueueLimits(
        int capacity,
        int waitersPerSearch,
        int searchesPerClient,
        int waitersPerClient,
        int maxWaiters,
        int searchesPerPeer) {
    /** The defaults of nano-work.* (docs/endpoint.md). */
    public static final int WAITERS_PER_SEARCH = 16;

    public static final int SEARCHES_PER_CLIENT = 4;
    public static final int WAITERS_PER_CLIENT = 16;
    /** Under half of Quarkus' 200 worker threads: the rest serve work_validate, status and work_cancel. */
    public static final int MAX_WAITERS = 96;

    public static final int SEARCHES_PER_PEER = 16;

    public QueueLimits {
        if (capacity < 0) throw new IllegalArgumentException("queue capacity must be 0 or more, was " + capacity);
        if (Math.min(Math.min(waitersPerSearch, searchesPerClient), Math.min(waitersPerClient, searchesPerPeer)) < 1
                || maxWaiters < 1) {
            throw new IllegalArgumentException("waiters per search, searches and waiters per client, searches per"
                    + " peer and the most waiters must be 1 or more, were " + waitersPerSearch + ", "
                    + searchesPerClient + ", " + waitersPerClient + ", " + searchesPerPeer + " and " + maxWaiters);
        }
    }

    /** The searches {@code caller}'s client may wait for at once. */
    int searchesOf(Caller caller) {
        return caller.workPeer() ? searchesPerPeer : searchesPerClient;
    }

    /** The callers of {@code caller}'s client that may wait at once: a peer's searches each have one. */
    int waitersOf(Caller caller) {
        return caller.workPeer() ? Math.max(waitersPerClient, searchesPerPeer) : waitersPerClient;
    }
}
