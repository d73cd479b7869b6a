package dev.nanowork.rpc;

import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.search.Caller;
import dev.nanowork.search.WorkQueue;
import java.util.function.LongSupplier;

/** {@code status}: for operators, on every deployment; the facts were found at start-up, the queue is read now. */
final class StatusHandler implements ActionHandler {
    private final WorkQueue queue;
    private final WorkRpc.Settings settings;
    private final HostFacts host;
    private final LongSupplier served;

    StatusHandler(WorkQueue queue, WorkRpc.Settings settings, HostFacts host, LongSupplier served) {
        this.queue = queue;
        this.settings = settings;
        this.host = host;
        this.served = served;
    }

    @Override
    public Answer answer(RpcRequest request, Caller caller, long deadlineNanos) {
        WorkKernel kernel = queue.search().kernel();
        return new Answer.Status(
                settings.version(),
                kernel.name(),
                Integer.toString(kernel.lanes()),
                Integer.toString(kernel.states()),
                Integer.toString(queue.search().threads()),
                Answer.bit(host.c2On()),
                settings.servedNames(" "),
                settings.minDifficulty().toString(),
                settings.maxDifficulty().toString(),
                Answer.bit(queue.searching()),
                Integer.toString(queue.waiting()),
                Long.toString(served.getAsLong()),
                host.cpu().model(),
                host.cpu().featureList(),
                host.cpu().useAvx(),
                host.cpu().maxVectorSize(),
                Integer.toString(host.cpu().preferredBits()),
                Answer.bit(queue.searching()),
                Integer.toString(queue.waiting()));
    }
}
