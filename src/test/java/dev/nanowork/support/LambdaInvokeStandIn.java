package dev.nanowork.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.nanowork.aws.AwsClients;
import dev.nanowork.support.SsmStandIn.Issued;
import dev.nanowork.support.SsmStandIn.Refusal;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.lambda.LambdaClient;

/**
 * Lambda's {@code Invoke} on 127.0.0.1, as the Lambda API reference documents it ("Invoke", AWS Lambda API Reference,
 * docs.aws.amazon.com/lambda/latest/api/API_Invoke.html: the path, the {@code Qualifier}, the invocation types, the
 * errors and their statuses; "Lambda quotas", docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html: the
 * 6 MB synchronous payload; "Signature Version 4 signing", IAM User Guide: the signature), for a client pointed here by
 * {@code AWS_ENDPOINT_URL_LAMBDA}. Stricter than AWS in one respect only: {@code DryRun}, which AWS accepts, is
 * refused, because the fan-out never sends it. One function, whose code is a {@link Handler} in this JVM; its {@code
 * Event} invocations queue as {@link InvokeEvents} documents. Its rules, each refused as AWS refuses it (restJson1: the
 * error's type in the {@code x-amzn-ErrorType} header, {@code {"Type","message"}} in the body):
 *
 * <ul>
 *   <li>{@code POST /2015-03-31/functions/{FunctionName}/invocations}, with an optional {@code Qualifier} query
 *       parameter; the function named by its name, {@code name:qualifier} or its ARN; another function is 404 {@code
 *       ResourceNotFoundException};
 *   <li>Signature Version 4 for service {@code lambda} ({@link SigV4Check}, the path encoded twice): missing is 403
 *       {@code MissingAuthenticationTokenException}, a key it did not issue or a temporary key without its session
 *       token 403 {@code UnrecognizedClientException}, a wrong signature 403 {@code InvalidSignatureException};
 *   <li>IAM: a qualifier the caller's {@code lambda:InvokeFunction} does not cover is 403 {@code
 *       AccessDeniedException};
 *   <li>{@code X-Amz-Invocation-Type} {@code RequestResponse} (the default) or {@code Event} (202, queued); {@code
 *       DryRun} is refused here as 400 {@code InvalidParameterValueException}, so a client that sent one fails loudly;
 *   <li>a payload over 6 MB (6,291,456 bytes) synchronous, 1 MB (1,048,576 bytes) asynchronous, is 413 {@code
 *       RequestTooLargeException}; one that is not JSON is 400 {@code InvalidRequestContentException};
 *   <li>more invocations in flight than the function's reserved concurrency is 429 {@code TooManyRequestsException},
 *       reason {@code ReservedFunctionConcurrentInvocationLimitExceeded}, with {@code Retry-After};
 *   <li>the function's answer is 200 with its payload; a function that throws is still 200, with {@code
 *       X-Amz-Function-Error: Unhandled} and {@code {"errorMessage","errorType"}}: the status code reflects only
 *       errors that kept the function from running.
 * </ul>
 */
public final class LambdaInvokeStandIn extends LoopbackService {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PATH = Pattern.compile("/2015-03-31/functions/([^/]+)/invocations");

    /** The function's code: answers a payload within the invocation's remaining time, or throws (a function error). */
    @FunctionalInterface
    public interface Handler {
        String handle(byte[] payload, long remainingMillis) throws Exception;
    }

    /** An invocation as the stand-in saw it: the qualifier invoked and its outcome ({@code ok}, an error type). */
    public record Seen(String qualifier, String outcome) {}

    private final String region;
    private final InvokeTarget target;
    private final String qualifier;
    private final Duration timeout;
    private final Handler handler;
    private final Slots concurrency;
    private final InvokeEvents events;
    private final Map<String, Issued> issued = new ConcurrentHashMap<>();
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    /**
     * @param function the function's name
     * @param qualifier the alias the caller may invoke (its role's {@code lambda:InvokeFunction} resource)
     * @param reservedConcurrency the most invocations it runs at once
     */
    public LambdaInvokeStandIn(
            String region,
            String function,
            String qualifier,
            int reservedConcurrency,
            Duration timeout,
            Handler handler)
            throws IOException {
        this.region = region;
        this.target = new InvokeTarget(region, function);
        this.qualifier = qualifier;
        this.timeout = timeout;
        this.handler = handler;
        this.concurrency = new Slots(reservedConcurrency);
        this.events = new InvokeEvents(concurrency);
        serve("/");
    }

    /** The function's ARN with its alias, as {@code nano-work.fan-out.worker} names it. */
    public String qualifiedArn() {
        return target.arn() + ":" + qualifier;
    }

    /**
     * A client of this stand-in as the workers' client is built ({@link AwsClients}, one attempt), signing with {@code
     * signer}.
     */
    public LambdaClient client(Issued signer) {
        return AwsClients.build(
                LambdaClient.builder()
                        .endpointOverride(URI.create(endpoint()))
                        .region(Region.of(region))
                        .credentialsProvider(StaticCredentialsProvider.create(AwsSessionCredentials.create(
                                signer.accessKeyId(), signer.secretKey(), signer.sessionToken())))
                        .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())),
                Duration.ofSeconds(2),
                Duration.ofSeconds(20));
    }

    /**
     * The alias's asynchronous settings ({@link InvokeEvents#configure}), and how much faster than the wall clock time
     * passes in its queue.
     */
    public void events(int retryAttempts, Duration eventAge, double speed) {
        events.configure(retryAttempts, eventAge);
        events.speed(speed);
    }

    /** Lets {@code credentials} sign requests. */
    public void issue(Issued credentials) {
        issued.put(credentials.accessKeyId(), credentials);
    }

    /** The most invocations, synchronous and queued, that ran at once. */
    public int mostAtOnce() {
        return concurrency.mostAtOnce();
    }

    /** What was invoked, in order. */
    public List<Seen> seen() {
        return List.copyOf(seen);
    }

    @Override
    protected void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        String invoked = "?";
        try {
            Matcher path = PATH.matcher(exchange.getRequestURI().getRawPath());
            if (!"POST".equals(exchange.getRequestMethod()) || !path.matches())
                throw new InvokeRefused(404, "UnknownOperationException", "Unknown operation");
            SigV4Check.authenticate(exchange, body, region, "lambda", issued::get);
            invoked = target.qualifier(
                    URLDecoder.decode(path.group(1), StandardCharsets.UTF_8),
                    exchange.getRequestURI().getRawQuery());
            if (!qualifier.equals(invoked))
                throw new InvokeRefused(
                        403,
                        "AccessDeniedException",
                        "User is not authorized to perform: lambda:InvokeFunction on resource: " + target.arn() + ":"
                                + invoked);
            boolean event = InvokePayload.event(exchange.getRequestHeaders().getFirst("X-Amz-Invocation-Type"), body);
            if (event) { // queued, answered 202; its run's answer goes nowhere
                String q = invoked;
                seen.add(new Seen(q, "queued"));
                events.accept(() -> handler.handle(body, timeout.toMillis()), o -> seen.add(new Seen(q, "event " + o)));
                exchange.sendResponseHeaders(202, -1);
                exchange.close();
                return;
            }
            if (!concurrency.tryTake()) {
                exchange.getResponseHeaders().set("Retry-After", "1");
                throw new InvokeRefused(
                        429,
                        "TooManyRequestsException",
                        "Rate Exceeded.",
                        "ReservedFunctionConcurrentInvocationLimitExceeded");
            }
            try {
                run(exchange, body, invoked);
            } finally {
                concurrency.give();
            }
        } catch (InvokeRefused r) {
            seen.add(new Seen(invoked, r.type));
            ObjectNode error = JSON.createObjectNode().put("Type", "User").put("message", r.getMessage());
            if (r.reason != null) error.put("Reason", r.reason);
            exchange.getResponseHeaders().set("x-amzn-ErrorType", r.type);
            send(exchange, r.status, error.toString());
        } catch (Refusal r) {
            seen.add(new Seen(invoked, r.type));
            exchange.getResponseHeaders().set("x-amzn-ErrorType", r.type);
            send(
                    exchange,
                    403,
                    JSON.createObjectNode().put("message", r.getMessage()).toString());
        }
    }

    private void run(HttpExchange exchange, byte[] payload, String invoked) throws IOException {
        exchange.getResponseHeaders().set("X-Amz-Executed-Version", "1");
        String answer;
        try {
            answer = handler.handle(payload, timeout.toMillis());
            seen.add(new Seen(invoked, "ok"));
        } catch (Exception e) {
            seen.add(new Seen(invoked, "Unhandled"));
            exchange.getResponseHeaders().set("X-Amz-Function-Error", "Unhandled");
            answer = JSON.createObjectNode()
                    .put("errorMessage", String.valueOf(e.getMessage()))
                    .put(
                            "errorType",
                            e instanceof InvokeFunctionError f
                                    ? f.type()
                                    : e.getClass().getName())
                    .toString();
        }
        send(exchange, 200, answer);
    }

    private static void send(HttpExchange exchange, int status, String json) throws IOException {
        answer(exchange, status, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        super.close();
        events.close();
    }
}
