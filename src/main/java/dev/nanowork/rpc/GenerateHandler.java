package dev.nanowork.rpc;

import dev.nanowork.observe.RequestRecord;
import dev.nanowork.observe.RequestRecord.Outcome;
import dev.nanowork.observe.SearchTally;
import dev.nanowork.search.Caller;
import dev.nanowork.search.Precache;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code work_generate}: reads what to search for ({@link GenerateTarget}: the fields in nano_node's order,
 * the difficulty within this endpoint's limits, a {@code block}'s own difficulty), answers a work precached for it
 * ({@code work_precache}) if this process holds one that reaches the difficulty, else queues the search and answers
 * the work found, or why there is none. {@code use_peers} is accepted and changes nothing: there are no peers here.
 */
final class GenerateHandler implements ActionHandler {
    private static final Logger LOG = Logger.getLogger(GenerateHandler.class.getName());

    private final WorkQueue queue;
    private final Precache precache;
    private final Difficulty min;
    private final Difficulty max;

    GenerateHandler(WorkQueue queue, Precache precache, Difficulty min, Difficulty max) {
        this.queue = queue;
        this.precache = precache;
        this.min = min;
        this.max = max;
    }

    @Override
    public Answer answer(RpcRequest request, Caller caller, long deadlineNanos) {
        return answer(request, caller, deadlineNanos, RequestRecord.discarded());
    }

    @Override
    public Answer answer(RpcRequest request, Caller caller, long deadlineNanos, RequestRecord record) {
        GenerateTarget target = GenerateTarget.of(request, min, max);
        Root root = target.root();
        Difficulty difficulty = target.difficulty();
        record.asked(root.toString(), difficulty.toString());
        Optional<SearchResult> held = precached(root, difficulty);
        SearchResult result = held.orElseGet(
                () -> QueuedSearch.await(() -> queue.submit(root, difficulty, deadlineNanos, caller), record));
        record.searched(
                result.attempts(),
                result.elapsedNanos(),
                result instanceof SearchResult.Found f ? Answer.difficulty(f.value()) : null);
        record.outcome(held.isPresent() ? Outcome.FROM_RECORD : outcome(result, record), why(result));
        return switch (result) {
            case SearchResult.Found f ->
                new Answer.Generated(
                        root.toString(),
                        f.work().toString(),
                        Answer.difficulty(f.value()),
                        Answer.multiplier(f.value()),
                        target.reason());
            case SearchResult.Cancelled c -> throw new RpcError(RpcError.CANCELLED, null);
            case SearchResult.DeadlineReached d ->
                throw new RpcError(
                        RpcError.DEADLINE,
                        String.format(
                                Locale.ROOT,
                                "searched %.1f s (%d attempts, %.1f expected) without reaching %s; retry, or ask for a lower difficulty",
                                d.elapsedNanos() / 1e9,
                                d.attempts(),
                                difficulty.expectedAttempts(),
                                difficulty));
            case SearchResult.Failed f -> {
                LOG.log(Level.SEVERE, "work search failed", f.cause());
                throw new RpcError(RpcError.FAILURE, "the search failed on this instance; retry");
            }
        };
    }

    /** nano_node's error for a search without a work (the answer's), none for a work. */
    private static String why(SearchResult result) {
        return switch (result) {
            case SearchResult.Found f -> null;
            case SearchResult.Cancelled c -> RpcError.CANCELLED;
            case SearchResult.DeadlineReached d -> RpcError.DEADLINE;
            case SearchResult.Failed f -> RpcError.FAILURE;
        };
    }

    /** A found work came from the record, from a search joined, or from this request's own search. */
    private static Outcome outcome(SearchResult result, RequestRecord record) {
        return switch (result) {
            case SearchResult.Found f -> {
                SearchTally tally = record.tally();
                if (tally != null && tally.saw(SearchTally.ANSWERED)) yield Outcome.FROM_RECORD;
                yield tally != null && tally.saw(SearchTally.JOINED) ? Outcome.JOINED : Outcome.FOUND;
            }
            case SearchResult.Cancelled c -> Outcome.CANCELLED;
            case SearchResult.DeadlineReached d -> Outcome.DEADLINE;
            case SearchResult.Failed f -> Outcome.FAILED;
        };
    }

    /**
     * The work precached for {@code root}, if this process holds one that reaches {@code difficulty}, checked again
     * here: whatever held it, a work that does not reach both is never answered (the request searches instead).
     */
    private Optional<SearchResult> precached(Root root, Difficulty difficulty) {
        Optional<SearchResult.Found> held = precache.ready(root, difficulty);
        if (held.isEmpty()) return Optional.empty();
        long value = WorkValue.value(root, held.get().work());
        if (difficulty.isReachedBy(value))
            return Optional.of(new SearchResult.Found(held.get().work(), value, 0, 0));
        LOG.severe(() -> "the precache answered work " + held.get().work() + " for root " + root + ", which does not"
                + " reach " + difficulty + "; searched instead");
        return Optional.empty();
    }
}
