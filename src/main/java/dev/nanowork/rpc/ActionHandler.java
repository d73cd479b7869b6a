package dev.nanowork.rpc;

/** One action's work: reads what it needs from the request, checks it, runs it and answers. */
interface ActionHandler {
    /**
     * The answer to {@code request}.
     *
     * @param deadlineNanos when the answer is due, on the {@link System#nanoTime()} clock
     * @throws RpcError for a request nano_node would refuse, with its error string
     */
    Answer answer(RpcRequest request, long deadlineNanos);
}
