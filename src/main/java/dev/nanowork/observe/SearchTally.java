package dev.nanowork.observe;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * What one search did beyond this execution's threads, for the records of the requests that waited for it: the
 * workers it asked for and what became of each, and the work record's states as this execution saw them (claimed,
 * joined, answered, found, unavailable, ...). Shared by every request of the search (a joiner sees the workers of the
 * search it joined); written from the search's thread and the workers' answers at once, so every member is safe to
 * write from any thread.
 *
 * <p>The search's own code reaches it as {@link #current()}: the queue runs a search's turn {@link #within} its tally,
 * so that the layers between (the queue's {@code Searcher} interface) need not carry it.
 */
public final class SearchTally {
    /** This execution claimed the record: its search, its workers. */
    public static final String CLAIMED = "claimed";
    /** It joined the live search of another execution (or of an earlier request of its own). */
    public static final String JOINED = "joined";
    /** The record already held a work for the difficulty: answered from it, no search. */
    public static final String ANSWERED = "answered";
    /** The record could not be reached, or held what cannot be shared: searched alone. */
    public static final String ALONE = "alone";
    /** The record went on without this request (taken over, or found without its askers). */
    public static final String LEFT_BEHIND = "left_behind";

    private static final ThreadLocal<SearchTally> CURRENT = new ThreadLocal<>();

    private final AtomicInteger workersAsked = new AtomicInteger();
    private final AtomicInteger workersStarted = new AtomicInteger();
    private final AtomicInteger workersThrottled = new AtomicInteger();
    private final AtomicInteger workersFailed = new AtomicInteger();
    private final AtomicInteger recordFailures = new AtomicInteger();
    private final AtomicInteger recordReads = new AtomicInteger();
    private final AtomicInteger recordWrites = new AtomicInteger();
    private final AtomicLong attemptsAfterFind = new AtomicLong();
    private final List<String> recordStates = new ArrayList<>();
    private volatile String searchId;

    /** Runs {@code search} with {@code tally} as the {@link #current()} one of this thread. */
    public static <T> T within(SearchTally tally, Supplier<T> search) {
        SearchTally before = CURRENT.get();
        CURRENT.set(tally);
        try {
            return search.get();
        } finally {
            CURRENT.set(before);
        }
    }

    /** The tally of the search this thread runs; outside one, a fresh tally nobody reads. */
    public static SearchTally current() {
        SearchTally tally = CURRENT.get();
        return tally == null ? new SearchTally() : tally;
    }

    /** {@code count} workers were asked for. */
    public void asked(int count) {
        workersAsked.addAndGet(count);
    }

    /** A worker ran and answered. */
    public void started() {
        workersStarted.incrementAndGet();
    }

    /** A worker was refused by Lambda's concurrency limit (429). */
    public void throttled() {
        workersThrottled.incrementAndGet();
    }

    /** A worker could not be invoked, or failed, for any other reason. */
    public void failed() {
        workersFailed.incrementAndGet();
    }

    /** The work record could not be read or written. */
    public void recordFailed() {
        recordFailures.incrementAndGet();
    }

    /** A call read the work record table (one read unit). */
    public void recordRead() {
        recordReads.incrementAndGet();
    }

    /** A call wrote to the work record table (one write unit, its condition held or not). */
    public void recordWrite() {
        recordWrites.incrementAndGet();
    }

    /**
     * This execution searched about {@code attempts} nonces after another execution's find, before its poll of the
     * record saw it (at most a poll interval's worth: what the fan-out pays for stopping by polling).
     */
    public void searchedAfterFind(long attempts) {
        attemptsAfterFind.addAndGet(attempts);
    }

    /** The work record went to {@code state} as this execution saw it ({@code claimed}, {@code joined}, ...). */
    public void recordState(String state) {
        synchronized (recordStates) {
            recordStates.add(state);
        }
    }

    /** The id of the record's search this execution took part in (the workers' tasks carry it). */
    public void searchId(String id) {
        this.searchId = id;
    }

    /** The record's search id, or null when none was seen. */
    public String searchId() {
        return searchId;
    }

    public int workersAsked() {
        return workersAsked.get();
    }

    public int workersStarted() {
        return workersStarted.get();
    }

    public int workersThrottled() {
        return workersThrottled.get();
    }

    public int workersFailed() {
        return workersFailed.get();
    }

    public int recordFailures() {
        return recordFailures.get();
    }

    public int recordReads() {
        return recordReads.get();
    }

    public int recordWrites() {
        return recordWrites.get();
    }

    public long attemptsAfterFind() {
        return attemptsAfterFind.get();
    }

    /** Whether the record was seen in {@code state}. */
    public boolean saw(String state) {
        synchronized (recordStates) {
            return recordStates.contains(state);
        }
    }

    /** The record's states in the order they were seen. */
    public List<String> recordStates() {
        synchronized (recordStates) {
            return List.copyOf(recordStates);
        }
    }
}
