package dev.nanowork.rpc;

import dev.nanowork.search.Caller;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code work_generate}: checks the difficulty against this endpoint's limits, queues the search and
 * answers the work found, or why there is none. {@code use_peers}, {@code account}, {@code block} and
 * {@code json_block} are accepted and change nothing: there are no peers here.
 */
final class GenerateHandler implements ActionHandler {
    private static final Logger LOG = Logger.getLogger(GenerateHandler.class.getName());

    private final WorkQueue queue;
    private final Difficulty min;
    private final Difficulty max;

    GenerateHandler(WorkQueue queue, Difficulty min, Difficulty max) {
        this.queue = queue;
        this.min = min;
        this.max = max;
    }

    @Override
    public Answer answer(RpcRequest request, Caller caller, long deadlineNanos) {
        Root root = request.hash();
        Difficulty difficulty = request.difficulty().orElse(Difficulty.BASE);
        request.checkVersion();
        if (difficulty.compareTo(min) < 0 || difficulty.compareTo(max) > 0) {
            throw new RpcError(
                    RpcError.DIFFICULTY_LIMIT,
                    "this endpoint generates from " + described(min) + " to " + described(max) + "; " + difficulty
                            + " was asked");
        }
        SearchResult result = QueuedSearch.await(() -> queue.submit(root, difficulty, deadlineNanos, caller));
        return switch (result) {
            case SearchResult.Found f ->
                new Answer.Generated(
                        root.toString(),
                        f.work().toString(),
                        Answer.difficulty(f.value()),
                        Answer.multiplier(f.value()));
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

    private static String described(Difficulty d) {
        return d + " (multiplier " + Difficulty.formatMultiplier(d.multiplier()) + ")";
    }
}
