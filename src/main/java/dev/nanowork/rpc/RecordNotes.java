package dev.nanowork.rpc;

import dev.nanowork.observe.RequestRecord;

/** What an answer says about its request, for the request's record. */
final class RecordNotes {
    private RecordNotes() {}

    /**
     * Notes in the request's record what {@code answer} says, unless the handler said more (a search's outcome): a
     * refusal and its error, or an answer; an unreadable key store besides.
     */
    static Answer noted(RequestContext context, Answer answer) {
        RequestRecord record = context.record();
        if (answer instanceof Answer.Refusal refusal) {
            if (RpcError.KEY_UNAVAILABLE.equals(refusal.error())) record.keyStoreFailed();
            record.outcome(
                    WorkRpc.INTERNAL.equals(refusal.error())
                            ? RequestRecord.Outcome.FAILED
                            : RequestRecord.Outcome.REFUSED,
                    refusal.error());
        } else {
            record.outcome(RequestRecord.Outcome.ANSWERED, null);
        }
        return answer;
    }
}
