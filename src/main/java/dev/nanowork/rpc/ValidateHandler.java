package dev.nanowork.rpc;

import dev.nanowork.search.Caller;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.WorkValue;
import java.util.Optional;

/** {@code work_validate}: the work's value against the requested difficulty, the send and the receive threshold. */
final class ValidateHandler implements ActionHandler {
    @Override
    public Answer answer(RpcRequest request, Caller caller, long deadlineNanos) {
        var root = request.hash();
        var work = request.work();
        Optional<Difficulty> requested = request.difficulty();
        long value = WorkValue.value(root, work);
        return new Answer.Validation(
                requested.map(d -> Answer.bit(d.isReachedBy(value))).orElse(null),
                Answer.bit(Difficulty.SEND.isReachedBy(value)),
                Answer.bit(Difficulty.RECEIVE.isReachedBy(value)),
                Answer.difficulty(value),
                Answer.multiplier(value));
    }
}
