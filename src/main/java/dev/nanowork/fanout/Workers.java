package dev.nanowork.fanout;

import java.util.concurrent.CompletableFuture;

/**
 * Starts worker executions. Each start is one attempt (a throttled worker means one worker fewer, never a late one)
 * and holds its connection for the worker's whole run.
 */
public interface Workers {
    /**
     * Invokes one worker for {@code task} and returns at once. The future completes with what the worker answered,
     * or exceptionally when it could not run (throttled, refused, failed, connection lost): the search goes on with
     * the others.
     */
    CompletableFuture<WorkerOutcome> start(WorkerTask task);
}
