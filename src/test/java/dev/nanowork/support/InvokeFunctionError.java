package dev.nanowork.support;

/**
 * What a {@link LambdaInvokeStandIn.Handler} throws to fail as the Lambda service reports a failure of the function's
 * environment rather than of its code, e.g. {@code Runtime.ExitError} when the runtime process dies mid-invocation:
 * still 200, {@code X-Amz-Function-Error: Unhandled}, with this type as {@code errorType}.
 */
public final class InvokeFunctionError extends Exception {
    private static final long serialVersionUID = 1L;
    private final String type;

    public InvokeFunctionError(String type, String message) {
        super(message);
        this.type = type;
    }

    /** The {@code errorType} Lambda reports. */
    public String type() {
        return type;
    }
}
