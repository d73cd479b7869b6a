package dev.nanowork.rpc;

import dev.nanowork.search.Caller;
import dev.nanowork.search.WorkQueue;

/**
 * {@code work_cancel}: stops, for the searches of a root, what the same client asked for ({@link Caller}): the same
 * address, with or without the wallet key; the operator (operator key) reaches every client's. Answers success whether or not one ran, as
 * nano_node; a search shared with other callers runs on for them.
 *
 * <p>On Lambda every invocation runs alone on its instance, so no {@code work_cancel} can reach another
 * request's search: it answers so ({@link RpcError#NOTHING_TO_CANCEL}) instead of a success that cancelled
 * nothing. nano_node ignores the answer of a work peer's {@code work_cancel}.
 */
final class CancelHandler implements ActionHandler {
    private final WorkQueue queue;
    private final boolean alone;

    CancelHandler(WorkQueue queue, boolean alone) {
        this.queue = queue;
        this.alone = alone;
    }

    @Override
    public Answer answer(RpcRequest request, Caller caller, long deadlineNanos) {
        if (alone) {
            request.hash(); // a bad hash is still refused as such
            throw new RpcError(
                    RpcError.NOTHING_TO_CANCEL,
                    "on Lambda every invocation runs alone on its instance, so a work_cancel reaches no other request's"
                            + " search; that search ends when it finds work or at its deadline");
        }
        queue.cancel(request.hash(), caller);
        return Answer.Success.EMPTY;
    }
}
