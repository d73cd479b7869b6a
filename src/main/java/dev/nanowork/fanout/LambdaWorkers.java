package dev.nanowork.fanout;

import dev.nanowork.aws.AwsClients;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.lambda.LambdaClient;
import software.amazon.awssdk.services.lambda.model.InvocationType;
import software.amazon.awssdk.services.lambda.model.InvokeResponse;
import software.amazon.awssdk.services.lambda.model.TooManyRequestsException;

/**
 * Starts workers with Lambda's Invoke API: synchronous ({@code RequestResponse}), so each invoke holds its connection
 * for the worker's whole run and its answer arrives on it, or for a precache asynchronous ({@code Event}); each on a
 * virtual thread of its own. One attempt: the SDK's
 * retries are off ({@link AwsRetryStrategy#doNotRetry()}), since a throttled worker retried later would search what
 * the others have by then searched, at full price; a throttled, refused or failed worker is one worker fewer.
 */
public final class LambdaWorkers implements Workers, AutoCloseable {
    /** Beyond the worker's longest run: its answer and the invoke's own overhead. */
    static final Duration ANSWER_MARGIN = Duration.ofSeconds(5);

    static final Duration CONNECT = Duration.ofSeconds(2);

    private final LambdaClient lambda;
    private final String function;

    /**
     * @param function the worker's name or ARN with its alias ({@code nano-work.fan-out.worker}), as Invoke's
     *     FunctionName takes it
     * @param longestRun the longest a worker searches (the generate function's deadline): the read timeout is above
     *     it, or a worker still searching would be cut off
     */
    public LambdaWorkers(String function, Duration longestRun) {
        this(
                function,
                AwsClients.build(
                        LambdaClient.builder()
                                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())),
                        CONNECT,
                        longestRun.plus(ANSWER_MARGIN)));
    }

    /** The same with {@code lambda} built elsewhere (one attempt per invoke, as the other constructor builds it). */
    public LambdaWorkers(String function, LambdaClient lambda) {
        this.function = function;
        this.lambda = lambda;
    }

    @Override
    public CompletableFuture<WorkerOutcome> start(WorkerTask task) {
        return onItsOwnThread(() -> answered(invoke(InvocationType.REQUEST_RESPONSE, WorkerTasks.write(task))));
    }

    /**
     * {@code Event}: Lambda queues the task and answers 202 at once. What happens to it then is the worker alias's
     * asynchronous settings (Terraform: no retry, and dropped once older than a minute), never this execution's.
     */
    @Override
    public CompletableFuture<Void> dispatch(WorkerTask task) {
        return onItsOwnThread(() -> {
            InvokeResponse response = invoke(InvocationType.EVENT, WorkerTasks.write(task));
            if (response.statusCode() != 202)
                throw new WorkerUnavailable(
                        "worker " + function + " not queued: status " + response.statusCode() + ", not 202", null);
            return null;
        });
    }

    private static <T> CompletableFuture<T> onItsOwnThread(java.util.function.Supplier<T> call) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread.ofVirtual().name("worker-invoke").start(() -> {
            try {
                result.complete(call.get());
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    private InvokeResponse invoke(InvocationType type, String payload) {
        try {
            return lambda.invoke(r -> r.functionName(function)
                    .invocationType(type)
                    .payload(SdkBytes.fromString(payload, StandardCharsets.UTF_8)));
        } catch (TooManyRequestsException e) {
            throw new WorkerUnavailable(
                    "worker " + function + " throttled (429 " + e.reasonAsString() + "), not retried: "
                            + e.awsErrorDetails().errorMessage(),
                    e);
        } catch (SdkException | UncheckedIOException e) {
            throw new WorkerUnavailable("worker " + function + " not invoked: " + e.getMessage(), e);
        }
    }

    private WorkerOutcome answered(InvokeResponse response) {
        String answer = response.payload() == null ? "" : response.payload().asUtf8String();
        if (response.functionError() != null)
            throw new WorkerUnavailable(
                    "worker " + function + " failed (" + response.functionError() + "): " + answer, null);
        try {
            return WorkerTasks.readOutcome(answer.getBytes(StandardCharsets.UTF_8));
        } catch (WorkerTasks.Malformed e) {
            throw new WorkerUnavailable("worker " + function + " answered what no worker writes: " + e.getMessage(), e);
        }
    }

    /** Whether {@code error}, a worker's failure, was Lambda refusing it for concurrency (429). */
    static boolean throttled(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) if (t instanceof TooManyRequestsException) return true;
        return false;
    }

    @Override
    public void close() {
        lambda.close();
    }

    /** Why a worker did not run or did not answer: the search goes on with the others. */
    public static final class WorkerUnavailable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        WorkerUnavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
