package dev.nanowork.rpc;

import dev.nanowork.search.Caller;

/** One action's work: reads what it needs from the request, checks it, runs it and answers. */
interface ActionHandler {
    /**
     * The answer to {@code request}.
     *
     * @param deadlineNanos when the answer is due, on the {@link System#nanoTime()} clock
     * @throws RpcError for a request nano_node would refuse, with its error string
     */
    Answer answer(RpcRequest request, long deadlineNanos);

    /**
     * The answer to {@code request} from {@code caller}; the actions that act for a caller (work_generate,
     * work_cancel) override it, the others do not need to know who asked.
     */
    default Answer answer(RpcRequest request, Caller caller, long deadlineNanos) {
        return answer(request, deadlineNanos);
    }
}
