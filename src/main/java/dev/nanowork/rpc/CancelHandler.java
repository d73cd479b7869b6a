package dev.nanowork.rpc;

import dev.nanowork.search.Caller;
import dev.nanowork.search.WorkQueue;

/**
 * {@code work_cancel}: stops, for the searches of a root, what the same client asked for ({@link Caller}): the same
 * address, with or without the wallet key; the operator (operator key) reaches every client's. Answers {@code
 * {"success": ""}} whether or not one ran, as nano_node, on every deployment; a search shared with other callers
 * runs on for them. On Lambda every invocation runs alone on its instance, so the queue it reaches holds no other
 * request's search and the cancel stops nothing: still a success, as nano_node's answer for a root it is not
 * working on.
 */
final class CancelHandler implements ActionHandler {
    private final WorkQueue queue;

    CancelHandler(WorkQueue queue) {
        this.queue = queue;
    }

    @Override
    public Answer answer(RpcRequest request, Caller caller, long deadlineNanos) {
        queue.cancel(request.hash(), caller);
        return Answer.Success.EMPTY;
    }
}
