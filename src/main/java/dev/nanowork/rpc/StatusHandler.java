package dev.nanowork.rpc;

import dev.nanowork.kernel.PrimedRate;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.search.Caller;
import dev.nanowork.search.WorkQueue;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * {@code status}: on every deployment; the host's facts as last found (at start-up, again after a SnapStart restore),
 * the queue as it is now. Its details (the machine, the kernel and the rate it was primed at, the queue, the version)
 * are the operator's ({@link Gate#operates}); anyone else let in gets what a wallet needs to use the endpoint: the
 * actions served and the difficulties it generates.
 */
final class StatusHandler implements ActionHandler {
    private final WorkQueue queue;
    private final WorkRpc.Settings settings;
    private final Supplier<HostFacts> host;
    private final LongSupplier served;
    private final Predicate<Caller> operator;

    StatusHandler(
            WorkQueue queue,
            WorkRpc.Settings settings,
            Supplier<HostFacts> host,
            LongSupplier served,
            Predicate<Caller> operator) {
        this.queue = queue;
        this.settings = settings;
        this.host = host;
        this.served = served;
        this.operator = operator;
    }

    @Override
    public Answer answer(RpcRequest request, Caller caller, long deadlineNanos) {
        if (!operator.test(caller)) {
            return new Answer.StatusBrief(
                    settings.servedNames(" "),
                    settings.minDifficulty().toString(),
                    settings.maxDifficulty().toString());
        }
        WorkKernel kernel = queue.search().kernel();
        HostFacts host = this.host.get();
        return new Answer.Status(
                settings.version(),
                kernel.name(),
                Integer.toString(kernel.lanes()),
                Integer.toString(kernel.states()),
                Integer.toString(queue.search().threads()),
                Answer.bit(host.c2On()),
                PrimedRate.mhs(host.primed().primed()),
                PrimedRate.mhs(host.primed().raced()),
                Answer.bit(host.primed().fullSpeed()),
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
