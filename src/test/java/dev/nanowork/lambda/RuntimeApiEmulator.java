package dev.nanowork.lambda;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The Lambda Runtime API as a runtime client sees it, on 127.0.0.1: {@code GET
 * /2018-06-01/runtime/invocation/next} hands out one event at a time with the Lambda request headers
 * (request id, deadline, function ARN, trace id), {@code POST .../invocation/{id}/response} and
 * {@code .../error} complete it, {@code POST .../init/error} records a failed init. Events are queued by
 * {@link #invoke}; the client's long poll on {@code next} waits for the next one as on Lambda.
 *
 * <p>For a SnapStart function (and only for one: the Runtime API serves {@code restore/next} to SnapStart functions
 * alone, Lambda guide "Runtime API", "Restore"), {@code GET .../restore/next} is the runtime saying that INIT and its
 * beforeCheckpoint hooks are done: Lambda takes the snapshot then and answers when an environment is restored from it,
 * here when the test calls {@link #restore}; the runtime then runs its afterRestore hooks, and {@code POST
 * .../restore/error} records a failed one.
 */
final class RuntimeApiEmulator implements AutoCloseable {
    static final String PREFIX = "/2018-06-01/runtime";
    static final String FUNCTION_ARN = "arn:aws:lambda:us-east-1:123456789012:function:nano-work-x86_64-generate:live";

    /** What the runtime posted for one invocation: {@code response} or {@code error}, and the body. */
    record Outcome(String kind, String body, long nanos) {}

    private record Pending(
            String id, String event, long deadlineMillis, long queuedNanos, CompletableFuture<Outcome> outcome) {}

    private final HttpServer server;
    private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final Map<String, Pending> inFlight = new ConcurrentHashMap<>();
    private final CompletableFuture<String> initError = new CompletableFuture<>();
    /** When the runtime first asked for an event: init is done by then. */
    private final CompletableFuture<Long> firstNext = new CompletableFuture<>();

    private final boolean snapStart;
    /** When the runtime asked for restore/next: the snapshot is taken then. */
    private final CompletableFuture<Long> checkpoint = new CompletableFuture<>();
    /** Completed by {@link #restore}: restore/next answers. */
    private final CompletableFuture<Void> restored = new CompletableFuture<>();

    private final CompletableFuture<String> restoreError = new CompletableFuture<>();

    RuntimeApiEmulator() throws IOException {
        this(false);
    }

    /** @param snapStart whether the function runs with SnapStart (restore/next served) */
    RuntimeApiEmulator(boolean snapStart) throws IOException {
        this.snapStart = snapStart;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext(PREFIX, this::handle);
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "runtime-api");
            t.setDaemon(true);
            return t;
        }));
        server.start();
    }

    /** {@code 127.0.0.1:PORT}, the value of AWS_LAMBDA_RUNTIME_API. */
    String address() {
        return server.getAddress().getHostString() + ":" + server.getAddress().getPort();
    }

    /** Waits until the runtime asks for its first event (init done) or reports an init error; returns when, on the nanoTime clock. */
    long awaitInit(Duration timeout, Process process) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            if (initError.isDone()) throw new AssertionError("init error posted: " + initError.get());
            if (firstNext.isDone()) return firstNext.get();
            if (!process.isAlive())
                throw new AssertionError("the runtime exited during init with status " + process.exitValue());
            Thread.sleep(20);
        }
        throw new AssertionError("init did not finish within " + timeout);
    }

    /**
     * Waits until the runtime has run its beforeCheckpoint hooks and asks for restore/next (the snapshot is taken
     * then); returns when, on the nanoTime clock.
     */
    long awaitCheckpoint(Duration timeout, Process process) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            if (initError.isDone()) throw new AssertionError("init error posted: " + initError.get());
            if (checkpoint.isDone()) return checkpoint.get();
            if (!process.isAlive())
                throw new AssertionError("the runtime exited during init with status " + process.exitValue());
            Thread.sleep(20);
        }
        throw new AssertionError("no checkpoint within " + timeout);
    }

    /** Answers restore/next: the environment is restored from the snapshot. */
    void restore() {
        restored.complete(null);
    }

    /** What the runtime posted to restore/error, if anything. */
    Optional<String> restoreError() {
        return Optional.ofNullable(restoreError.getNow(null));
    }

    /** Queues one event and waits for the runtime's answer to it. */
    Outcome invoke(String event, Duration timeout) throws Exception {
        Pending p = new Pending(
                UUID.randomUUID().toString(),
                event,
                System.currentTimeMillis() + timeout.toMillis(),
                System.nanoTime(),
                new CompletableFuture<>());
        queue.add(p);
        return p.outcome.get(timeout.toMillis() + 5000, TimeUnit.MILLISECONDS);
    }

    Optional<String> initError() {
        return Optional.ofNullable(initError.getNow(null));
    }

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            String path = x.getRequestURI().getPath().substring(PREFIX.length());
            byte[] body = x.getRequestBody().readAllBytes();
            if (x.getRequestMethod().equals("GET") && path.equals("/invocation/next")) {
                firstNext.complete(System.nanoTime());
                Pending p = take();
                if (p == null) {
                    x.sendResponseHeaders(500, -1);
                    return;
                }
                inFlight.put(p.id, p);
                x.getResponseHeaders().add("Lambda-Runtime-Aws-Request-Id", p.id);
                x.getResponseHeaders().add("Lambda-Runtime-Deadline-Ms", Long.toString(p.deadlineMillis));
                x.getResponseHeaders().add("Lambda-Runtime-Invoked-Function-Arn", FUNCTION_ARN);
                x.getResponseHeaders()
                        .add(
                                "Lambda-Runtime-Trace-Id",
                                "Root=1-67a1b2c3-" + p.id.replace("-", "").substring(0, 24) + ";Sampled=0");
                x.getResponseHeaders().add("Content-Type", "application/json");
                byte[] event = p.event.getBytes(StandardCharsets.UTF_8);
                x.sendResponseHeaders(200, event.length);
                x.getResponseBody().write(event);
            } else if (x.getRequestMethod().equals("GET") && path.equals("/restore/next")) {
                if (!snapStart) {
                    // Not a SnapStart function: nothing to restore.
                    x.sendResponseHeaders(403, -1);
                    return;
                }
                checkpoint.complete(System.nanoTime());
                try {
                    restored.get(10, TimeUnit.MINUTES);
                } catch (Exception e) {
                    x.sendResponseHeaders(500, -1);
                    return;
                }
                x.sendResponseHeaders(200, -1);
            } else if (x.getRequestMethod().equals("POST") && path.equals("/restore/error")) {
                restoreError.complete(new String(body, StandardCharsets.UTF_8));
                accepted(x);
            } else if (x.getRequestMethod().equals("POST") && path.equals("/init/error")) {
                initError.complete(new String(body, StandardCharsets.UTF_8));
                accepted(x);
            } else if (x.getRequestMethod().equals("POST") && path.matches("/invocation/[^/]+/(response|error)")) {
                String[] parts = path.split("/");
                Pending p = inFlight.remove(parts[2]);
                if (p == null) {
                    x.sendResponseHeaders(400, -1);
                    return;
                }
                p.outcome.complete(new Outcome(
                        parts[3], new String(body, StandardCharsets.UTF_8), System.nanoTime() - p.queuedNanos));
                accepted(x);
            } else {
                x.sendResponseHeaders(404, -1);
            }
        }
    }

    private Pending take() {
        try {
            return queue.poll(10, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static void accepted(HttpExchange x) throws IOException {
        byte[] ok = "{\"status\":\"OK\"}".getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(202, ok.length);
        x.getResponseBody().write(ok);
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
