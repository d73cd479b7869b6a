package dev.nanowork.fanout;

import java.util.concurrent.CompletableFuture;

/**
 * Starts worker executions. Each start is one attempt (a throttled worker means one worker fewer, never a late one).
 */
public interface Workers {
    /**
     * Invokes one worker for {@code task} and returns at once; the invoke holds its connection for the worker's whole
     * run. The future completes with what the worker answered, or exceptionally when it could not run (throttled,
     * refused, failed, connection lost): the search goes on with the others.
     */
    CompletableFuture<WorkerOutcome> start(WorkerTask task);

    /**
     * Invokes one worker for {@code task} asynchronously, for a search nobody waits on (a precache): the future
     * completes once Lambda has queued the event, or exceptionally when it refused it; nothing comes back from the
     * worker itself, which writes its find to the record.
     */
    CompletableFuture<Void> dispatch(WorkerTask task);

    /** No worker function: every start and dispatch fails with {@code why}. */
    static Workers none(String why) {
        return new Workers() {
            @Override
            public CompletableFuture<WorkerOutcome> start(WorkerTask task) {
                return CompletableFuture.failedFuture(new IllegalStateException(why));
            }

            @Override
            public CompletableFuture<Void> dispatch(WorkerTask task) {
                return CompletableFuture.failedFuture(new IllegalStateException(why));
            }
        };
    }
}
