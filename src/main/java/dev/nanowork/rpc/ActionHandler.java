package dev.nanowork.rpc;

import dev.nanowork.observe.RequestRecord;
import dev.nanowork.search.Caller;

/** One action's work: reads what it needs from the request, checks it, runs it and answers. */
interface ActionHandler {
    /**
     * The answer to {@code request} from {@code caller} (who asked matters to work_generate and work_cancel only).
     *
     * @param deadlineNanos when the answer is due, on the {@link System#nanoTime()} clock
     * @throws RpcError for a request nano_node would refuse, with its error string
     */
    Answer answer(RpcRequest request, Caller caller, long deadlineNanos);

    /** The same, noting in {@code record} what the action did (a search's attempts, workers, outcome). */
    default Answer answer(RpcRequest request, Caller caller, long deadlineNanos, RequestRecord record) {
        return answer(request, caller, deadlineNanos);
    }
}
