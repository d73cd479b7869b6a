package dev.nanowork.rpc;

import dev.nanowork.search.Caller;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.WorkValue;
import java.util.Optional;

/**
 * {@code work_validate}: the work's value against the requested difficulty, the send and the receive threshold.
 * Fields are read in nano_node's order (hash, work, version, difficulty, multiplier: the first bad one is the
 * answer), and {@code valid} is answered only when the request has a {@code difficulty}, as nano_node (against
 * the multiplier's difficulty when both are sent; a multiplier alone gets no {@code valid}).
 */
final class ValidateHandler implements ActionHandler {
    @Override
    public Answer answer(RpcRequest request, Caller caller, long deadlineNanos) {
        var root = request.hash();
        var work = request.work();
        WorkVersion.of(request);
        Optional<Difficulty> requested = request.difficulty().filter(d -> request.has("difficulty"));
        long value = WorkValue.value(root, work);
        return new Answer.Validation(
                requested.map(d -> Answer.bit(d.isReachedBy(value))).orElse(null),
                Answer.bit(Difficulty.SEND.isReachedBy(value)),
                Answer.bit(Difficulty.RECEIVE.isReachedBy(value)),
                Answer.difficulty(value),
                Answer.multiplier(value));
    }
}
