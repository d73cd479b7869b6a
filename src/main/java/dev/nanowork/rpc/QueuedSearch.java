package dev.nanowork.rpc;

import dev.nanowork.search.QueueRefusal;
import dev.nanowork.search.SearchResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/** Waits for a search the work queue took, and turns the queue's refusal into nano_node's answer. */
final class QueuedSearch {
    private QueuedSearch() {}

    /**
     * The result of the search {@code submit} queues; an interrupted wait is a cancel.
     *
     * @throws RpcError {@code Work queue full} when the queue refuses it
     */
    static SearchResult await(Supplier<CompletableFuture<SearchResult>> submit) {
        CompletableFuture<SearchResult> future;
        try {
            future = submit.get();
        } catch (QueueRefusal e) {
            throw new RpcError(RpcError.BUSY, e.getMessage());
        }
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new SearchResult.Cancelled(0, 0);
        } catch (ExecutionException e) {
            return new SearchResult.Failed(e.getCause(), 0, 0);
        }
    }
}
