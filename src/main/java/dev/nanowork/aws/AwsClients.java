package dev.nanowork.aws;

import java.time.Duration;
import java.util.List;
import java.util.logging.Logger;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.core.SdkClient;
import software.amazon.awssdk.core.client.builder.SdkClientBuilder;
import software.amazon.awssdk.core.warmup.SdkWarmUp;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;

/**
 * Builds every AWS client the same way: the JDK's URL connection as the HTTP client (no native library, no thread pool,
 * the smallest start-up; the Apache and Netty clients are left out of function.zip), the SDK's default credential chain
 * and region, and no endpoint set in code, so that the SDK's standard {@code AWS_ENDPOINT_URL_<SERVICE>} settings point
 * a client elsewhere. On Lambda the default chain finds the environment credentials of a plain function and the
 * container credentials a SnapStart function gets instead; never hard-wire a provider. A client built during INIT holds
 * no credentials until its first call, so a SnapStart snapshot holds none.
 */
public final class AwsClients {
    private static final Logger LOG = Logger.getLogger(AwsClients.class.getName());

    private AwsClients() {}

    /**
     * {@code builder} with the URL-connection client and these timeouts: every call here waits inside a request, so a
     * dead endpoint must fail it within {@code call}, not at the SDK's defaults. What {@code builder}'s override
     * configuration already holds is kept.
     *
     * @param connect the longest wait for a connection
     * @param call the longest wait for one call, retries included (also the socket's read timeout)
     */
    public static <B extends AwsSyncClientBuilder<B, C> & SdkClientBuilder<B, C>, C> C build(
            B builder, Duration connect, Duration call) {
        return builder.httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(connect)
                        .socketTimeout(call))
                // Merged into what the caller set (a retry strategy, say): the Consumer overload would replace it.
                .overrideConfiguration(builder.overrideConfiguration().toBuilder()
                        .apiCallTimeout(call)
                        .build())
                .build();
    }

    /**
     * Runs one operation of each of {@code clients} against the SDK's in-memory canned responses ({@link SdkWarmUp}:
     * no network, no credentials), so that a request's first call to the service does not also load and
     * link the SDK's whole request path (seen taking over a second, past a record call's timeout, on a busy machine).
     * Called in INIT: under SnapStart the warmed code is in the snapshot. A failure only leaves the first call slower:
     * it is logged, never thrown.
     *
     * @return how long it took
     */
    public static Duration warmUp(List<Class<? extends SdkClient>> clients) {
        long began = System.nanoTime();
        try {
            for (Class<? extends SdkClient> client : clients) warmUp(client);
        } catch (RuntimeException | LinkageError e) {
            LOG.warning(() -> "AWS SDK warm-up failed (the first call of each client will be slower): " + e);
        }
        return Duration.ofNanos(System.nanoTime() - began);
    }

    /** One client's warm-up: {@link SdkWarmUp}'s varargs, one at a time (a generic array is not made here). */
    @SuppressWarnings("unchecked")
    private static void warmUp(Class<? extends SdkClient> client) {
        SdkWarmUp.warmUp(client);
    }
}
