package dev.nanowork.rpc;

import dev.nanowork.observe.RequestRecord;
import dev.nanowork.search.Caller;
import java.util.Objects;
import java.util.Optional;

/**
 * One request as the RPC needs to know it, whatever carried it: who sent it ({@link Caller}: which client, and
 * whether it is still there to hear the answer), the {@code Authorization} header it carried, if any (the key may
 * also come in the body), and when its answer is due. The function layer builds one per request, once, from the HTTP
 * request and the Lambda invocation behind it; the RPC never sees the transport.
 *
 * @param deadlineNanos when the answer is due, on the {@link System#nanoTime()} clock
 * @param record the request's record, which the RPC fills in with what the request came to
 */
public record RequestContext(Caller caller, Optional<String> authorization, long deadlineNanos, RequestRecord record) {
    public RequestContext {
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(authorization, "authorization");
        Objects.requireNonNull(record, "record");
    }

    /** A request whose record nobody writes. */
    public RequestContext(Caller caller, Optional<String> authorization, long deadlineNanos) {
        this(caller, authorization, deadlineNanos, RequestRecord.discarded());
    }

    /** A request of the process itself (tools, tests): no header, never gone, not limited per client. */
    public static RequestContext local(long deadlineNanos) {
        return new RequestContext(Caller.LOCAL, Optional.empty(), deadlineNanos);
    }
}
