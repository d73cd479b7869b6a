package dev.nanowork.rpc;

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
 */
public record RequestContext(Caller caller, Optional<String> authorization, long deadlineNanos) {
    public RequestContext {
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(authorization, "authorization");
    }

    /** A request of the process itself (tools, tests): no header, never gone, not limited per client. */
    public static RequestContext local(long deadlineNanos) {
        return new RequestContext(Caller.LOCAL, Optional.empty(), deadlineNanos);
    }
}
