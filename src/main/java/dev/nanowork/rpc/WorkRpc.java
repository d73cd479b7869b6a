package dev.nanowork.rpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.search.SearchResult;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * nano_node's work RPC: reads a request, checks it as nano_node does, runs it and writes the answer,
 * every value a string. Transport-free: the Funqy functions and the {@code POST /} route both call it.
 */
public final class WorkRpc {
    private static final Logger LOG = Logger.getLogger(WorkRpc.class.getName());

    /** nano_node's answer when a handler fails in a way it did not foresee. */
    static final String INTERNAL = "Internal server error in RPC";

    /** A threshold no value reaches in practice (probability 2^-64 per attempt): a benchmark runs to its deadline. */
    static final Difficulty UNREACHABLE = new Difficulty(-1L);

    /** What the configuration decides for the RPC. */
    public record Settings(Set<Action> served, Difficulty minDifficulty, Difficulty maxDifficulty,
            Duration benchmarkDuration, Duration benchmarkMaxDuration, String version) {
        public Settings {
            if (minDifficulty.compareTo(maxDifficulty) > 0) {
                throw new IllegalArgumentException("nano-work.min-difficulty " + minDifficulty
                        + " is above nano-work.max-difficulty " + maxDifficulty);
            }
            if (benchmarkDuration.isNegative() || benchmarkDuration.isZero() || benchmarkMaxDuration.compareTo(benchmarkDuration) < 0) {
                throw new IllegalArgumentException("nano-work.benchmark.duration must be positive and at most nano-work.benchmark.max-duration");
            }
        }
    }

    private final WorkQueue queue;
    private final Settings settings;
    private final SharedSecret access;
    private final AtomicLong served = new AtomicLong();
    private final SecureRandom random = new SecureRandom();

    /** Mixes fresh entropy into the benchmark roots' generator: after a SnapStart restore every copy must differ. */
    public void reseed(byte[] seed) {
        random.setSeed(seed);
    }

    public WorkRpc(WorkQueue queue, Settings settings) {
        this(queue, settings, SharedSecret.NONE);
    }

    /** An RPC that lets in only the requests carrying {@code access}'s key, when it has one. */
    public WorkRpc(WorkQueue queue, Settings settings, SharedSecret access) {
        this.queue = queue;
        this.settings = settings;
        this.access = access;
    }

    /** {@code POST /}: the body names its {@code action}. */
    public Map<String, String> handle(String body, long deadlineNanos) {
        return handle(body, Optional.empty(), deadlineNanos);
    }

    /** {@code POST /} with the request's {@code Authorization} header, if any. */
    public Map<String, String> handle(String body, Optional<String> authorization, long deadlineNanos) {
        return guarded(() -> {
            RpcRequest request = RpcRequest.parse(body);
            letIn(request, authorization);
            String name = request.action();
            Action action = Action.fromWire(name).orElseThrow(() -> new RpcError(RpcError.UNKNOWN_COMMAND,
                    "this endpoint answers " + servedNames(", ") + ", was " + RpcRequest.describe(name)));
            return run(action, request, deadlineNanos);
        });
    }

    /** A function route ({@code /work_generate}, ...): the route names the action; a body's {@code action} is ignored. */
    public Map<String, String> handle(Action action, JsonNode body, long deadlineNanos) {
        return handle(action, body, Optional.empty(), deadlineNanos);
    }

    /** A function route with the request's {@code Authorization} header, if any. */
    public Map<String, String> handle(Action action, JsonNode body, Optional<String> authorization, long deadlineNanos) {
        return guarded(() -> {
            RpcRequest request = RpcRequest.of(body);
            letIn(request, authorization);
            return run(action, request, deadlineNanos);
        });
    }

    /**
     * A function route whose body arrives as text: {@code /status}, which Funqy cannot give a body to (it takes
     * no input, and Funqy logs an ERROR for each body sent to it). A blank body is an empty request.
     */
    public Map<String, String> handle(Action action, String body, Optional<String> authorization, long deadlineNanos) {
        return guarded(() -> {
            RpcRequest request = body == null || body.isBlank() ? RpcRequest.of(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode())
                    : RpcRequest.parse(body);
            letIn(request, authorization);
            return run(action, request, deadlineNanos);
        });
    }

    /** The credential check, before anything is run; nothing here is logged (the key is a secret). */
    private void letIn(RpcRequest request, Optional<String> authorization) {
        if (!access.required()) return;
        switch (access.check(authorization, request.text("key", RpcError.KEY_WRONG))) {
            case ALLOWED -> { }
            case MISSING -> throw new RpcError(RpcError.KEY_MISSING,
                    "this endpoint needs a key: send the header Authorization: Bearer <key>, or a \"key\" field in the body");
            case WRONG -> throw new RpcError(RpcError.KEY_WRONG, "the key sent is not this endpoint's key");
        }
    }

    private interface Handler {
        Map<String, String> answer();
    }

    private Map<String, String> guarded(Handler handler) {
        served.incrementAndGet();
        try {
            return handler.answer();
        } catch (RpcError e) {
            return e.answer();
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "request failed", e);
            return new RpcError(INTERNAL, null).answer();
        }
    }

    private Map<String, String> run(Action action, RpcRequest request, long deadlineNanos) {
        if (!settings.served().contains(action)) {
            throw new RpcError(RpcError.NOT_SERVED, "this deployment serves " + servedNames(", ")
                    + "; send " + action.wireName() + " to the endpoint that serves it");
        }
        return switch (action) {
            case WORK_VALIDATE -> workValidate(request);
            case WORK_GENERATE -> workGenerate(request, deadlineNanos);
            case WORK_CANCEL -> workCancel(request);
            case STATUS -> status();
            case BENCHMARK -> benchmark(request, deadlineNanos);
        };
    }

    Map<String, String> workValidate(RpcRequest request) {
        Root root = request.hash();
        Work work = request.work();
        var requested = request.difficulty();
        long value = WorkValue.value(root, work);
        Map<String, String> a = new LinkedHashMap<>();
        requested.ifPresent(d -> a.put("valid", bit(d.isReachedBy(value))));
        a.put("valid_all", bit(Difficulty.SEND.isReachedBy(value)));
        a.put("valid_receive", bit(Difficulty.RECEIVE.isReachedBy(value)));
        putValue(a, value);
        return a;
    }

    Map<String, String> workGenerate(RpcRequest request, long deadlineNanos) {
        Root root = request.hash();
        Difficulty difficulty = request.difficulty().orElse(Difficulty.BASE);
        request.checkVersion();
        // use_peers, account, block and json_block are accepted and change nothing: there are no peers here.
        if (difficulty.compareTo(settings.minDifficulty()) < 0 || difficulty.compareTo(settings.maxDifficulty()) > 0) {
            throw new RpcError(RpcError.DIFFICULTY_LIMIT, "this endpoint generates from " + settings.minDifficulty()
                    + " (multiplier " + Difficulty.formatMultiplier(settings.minDifficulty().multiplier()) + ") to "
                    + settings.maxDifficulty() + " (multiplier " + Difficulty.formatMultiplier(settings.maxDifficulty().multiplier())
                    + "); " + difficulty + " was asked");
        }
        SearchResult result = await(queue.submit(root, difficulty, deadlineNanos));
        return switch (result) {
            case SearchResult.Found f -> {
                Map<String, String> a = new LinkedHashMap<>();
                a.put("hash", root.toString());
                a.put("work", f.work().toString());
                putValue(a, f.value());
                yield a;
            }
            case SearchResult.Cancelled c -> throw new RpcError(RpcError.CANCELLED, null);
            case SearchResult.DeadlineReached d -> throw new RpcError(RpcError.DEADLINE, String.format(java.util.Locale.ROOT, 
                    "searched %.1f s (%d attempts, %.1f expected) without reaching %s; retry, or ask for a lower difficulty",
                    d.elapsedNanos() / 1e9, d.attempts(), difficulty.expectedAttempts(), difficulty));
            case SearchResult.Failed f -> {
                LOG.log(Level.SEVERE, "work search failed", f.cause());
                throw new RpcError(RpcError.FAILURE, "the search failed on this instance; retry");
            }
        };
    }

    Map<String, String> workCancel(RpcRequest request) {
        queue.cancel(request.hash());
        return Map.of("success", "");
    }

    Map<String, String> status() {
        WorkKernel kernel = queue.search().kernel();
        Map<String, String> a = new LinkedHashMap<>();
        a.put("version", settings.version());
        a.put("kernel", kernel.name());
        a.put("lanes", Integer.toString(kernel.lanes()));
        a.put("states", Integer.toString(kernel.states()));
        a.put("threads", Integer.toString(queue.search().threads()));
        a.put("c2", bit(JvmProbe.current().c2On()));
        a.put("serves", servedNames(" "));
        a.put("min_difficulty", settings.minDifficulty().toString());
        a.put("max_difficulty", settings.maxDifficulty().toString());
        a.put("searching", bit(queue.searching()));
        a.put("queued", Integer.toString(queue.waiting()));
        a.put("requests_served", Long.toString(served.get()));
        a.putAll(dev.nanowork.kernel.JvmProbe.CpuFacts.current().fields());
        return a;
    }

    Map<String, String> benchmark(RpcRequest request, long deadlineNanos) {
        Duration duration = request.text("duration", RpcError.BAD_DURATION).map(this::duration).orElse(settings.benchmarkDuration());
        long now = System.nanoTime();
        long until = now + duration.toNanos();
        if (deadlineNanos - until < 0) until = deadlineNanos; // on Lambda, never past the invocation
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        SearchResult result = await(queue.submitAlone(Root.of(bytes), UNREACHABLE, until));
        if (result instanceof SearchResult.Cancelled || result instanceof SearchResult.Failed) {
            throw new RpcError(RpcError.FAILURE, "the benchmark was stopped; retry");
        }
        WorkKernel kernel = queue.search().kernel();
        Map<String, String> a = new LinkedHashMap<>();
        a.put("kernel", kernel.name());
        a.put("lanes", Integer.toString(kernel.lanes()));
        a.put("states", Integer.toString(kernel.states()));
        a.put("threads", Integer.toString(queue.search().threads()));
        a.put("seconds", String.format(java.util.Locale.ROOT, "%.3f", result.elapsedNanos() / 1e9));
        a.put("attempts", Long.toString(result.attempts()));
        a.put("mhs", String.format(java.util.Locale.ROOT, "%.2f", result.megahashesPerSecond()));
        a.put("cpu_model", Platform.cpuModel());
        a.put("cpu_flags", Platform.cpuFlags());
        a.put("available_processors", Integer.toString(Runtime.getRuntime().availableProcessors()));
        a.put("jvm", Platform.jvm());
        a.put("jit_flags", Platform.jitFlags());
        a.putAll(dev.nanowork.kernel.JvmProbe.CpuFacts.current().fields());
        return a;
    }

    /** A benchmark {@code duration} in seconds, positive and at most the configured cap. */
    private Duration duration(String text) {
        double seconds;
        try {
            seconds = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            seconds = Double.NaN;
        }
        double max = settings.benchmarkMaxDuration().toMillis() / 1e3;
        if (!(seconds > 0 && seconds <= max)) {
            throw new RpcError(RpcError.BAD_DURATION, "duration is in seconds, more than 0 and at most " + max
                    + ", was " + RpcRequest.describe(text));
        }
        return Duration.ofNanos((long) (seconds * 1e9));
    }

    private String servedNames(String separator) {
        return settings.served().stream().map(Action::wireName).sorted().collect(Collectors.joining(separator));
    }

    private static SearchResult await(java.util.concurrent.CompletableFuture<SearchResult> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new SearchResult.Cancelled(0, 0);
        } catch (ExecutionException e) {
            return new SearchResult.Failed(e.getCause(), 0, 0);
        }
    }

    /** {@code difficulty} and {@code multiplier} of a work value, as nano_node writes them. */
    private static void putValue(Map<String, String> a, long value) {
        Difficulty d = new Difficulty(value);
        a.put("difficulty", d.toString());
        a.put("multiplier", Difficulty.formatMultiplier(d.multiplier()));
    }

    private static String bit(boolean b) {
        return b ? "1" : "0";
    }
}
