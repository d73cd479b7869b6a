package dev.nanowork.worker;

/**
 * A task the worker will not search, or a search it could not go on with: the invocation ends in a function error
 * (Lambda answers the invoker with {@code X-Amz-Function-Error} and this message), and no search runs.
 */
public final class WorkerRefusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WorkerRefusal(String message) {
        super(message, null, false, false);
    }
}
