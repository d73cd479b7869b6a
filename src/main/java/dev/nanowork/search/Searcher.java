package dev.nanowork.search;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.Set;

/**
 * Runs one turn of a queued search: on this process's threads alone, or shared with other executions through a work
 * record (fanout.SharedSearch). Either way it ends at the deadline or when {@code cancel} is raised, and any work it
 * returns is valid for the root and the difficulty.
 */
@FunctionalInterface
public interface Searcher {
    /**
     * Searches {@code root} for {@code difficulty} until a work is found, the deadline passes or {@code cancel} rises.
     *
     * @param deadlineNanos on the {@link System#nanoTime()} clock
     * @param askers the addresses of the callers waiting for this search ({@link Caller#address()})
     */
    SearchResult search(Root root, Difficulty difficulty, long deadlineNanos, CancelSignal cancel, Set<String> askers);

    /**
     * Withdraws what {@code by} may cancel from {@code root}'s search wherever it runs (a {@code work_cancel}: its own
     * request, or every request for the operator). A search of this process alone has nothing beyond the queue.
     */
    default void withdraw(Root root, Caller by) {}

    /** The search on this process's threads, from a random start. */
    static Searcher local(WorkSearch search) {
        return (root, difficulty, deadlineNanos, cancel, askers) ->
                search.search(root, difficulty, deadlineNanos, cancel);
    }
}
