package dev.nanowork.rpc;

import dev.nanowork.search.WorkQueue;

/** {@code work_cancel}: stops the searches for a root; answers success whether or not one ran, as nano_node. */
final class CancelHandler implements ActionHandler {
    private final WorkQueue queue;

    CancelHandler(WorkQueue queue) {
        this.queue = queue;
    }

    @Override
    public Answer answer(RpcRequest request, long deadlineNanos) {
        queue.cancel(request.hash());
        return Answer.Success.EMPTY;
    }
}
