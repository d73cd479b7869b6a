package dev.nanowork.observe;

import org.jboss.logging.MDC;

/**
 * The Lambda request id on every log line an invocation writes: in the JSON lines of function.zip it is
 * {@code mdc.AWSRequestId}, the key Quarkus' own Lambda poll loop and Lambda's Java runtime give it, so that Logs
 * Insights joins a line to its invocation's record ({@code request_id}) and to Lambda's REPORT. Under Lambda's java
 * runtime Quarkus sets none itself. On a request's Vert.x context the value follows the request across threads
 * (Quarkus' MDC is kept in the duplicated context); on a plain thread it is that thread's until {@link #clear}.
 */
public final class LogContext {
    /** The MDC key of the request id. */
    public static final String REQUEST_ID = "AWSRequestId";

    private LogContext() {}

    /** Log lines written from here on, in this request or on this thread, name {@code requestId}. */
    public static void requestId(String requestId) {
        if (requestId != null) MDC.put(REQUEST_ID, requestId);
    }

    /** Lines from here on name no request id. */
    public static void clear() {
        MDC.remove(REQUEST_ID);
    }
}
