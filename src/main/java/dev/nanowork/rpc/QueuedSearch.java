package dev.nanowork.rpc;

import dev.nanowork.observe.RequestRecord;
import dev.nanowork.search.QueueRefusal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.Waiter;
import java.util.function.Supplier;

/** Waits for a search the work queue took, and turns the queue's refusal into nano_node's answer. */
final class QueuedSearch {
    private QueuedSearch() {}

    /**
     * The result of the search {@code submit} queues, waited for at most until the request's deadline (the
     * queue's bound); an interrupted wait is a cancel. The search's tally (its workers, its record's states) is noted in
     * {@code record}.
     *
     * @throws RpcError {@code Work queue full} when the queue refuses it
     */
    static SearchResult await(Supplier<Waiter> submit, RequestRecord record) {
        Waiter waiter;
        try {
            waiter = submit.get();
        } catch (QueueRefusal e) {
            throw new RpcError(RpcError.BUSY, e.getMessage());
        }
        record.tally(waiter.tally());
        try {
            return waiter.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new SearchResult.Cancelled(0, 0);
        }
    }
}
