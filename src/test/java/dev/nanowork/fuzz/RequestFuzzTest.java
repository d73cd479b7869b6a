package dev.nanowork.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.access.Credentials;
import dev.nanowork.access.SharedSecret;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.RequestContext;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.rpc.RpcRequest;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.Precache;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.LogCapture;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Generated-input fuzzing of the whole request path without a transport: each input goes to {@code POST /}
 * ({@link WorkRpc#handle(String, RequestContext)}), to every function route the way Funqy passes it (its one
 * reading into an {@link RpcRequest}, then {@link WorkRpc#handle(Action, RpcRequest, RequestContext)}), and to
 * {@code POST /} with a wrong key. Each input carries the answer it must get on each path, worked out from how
 * the generator made it ({@link Expected}), and the answer must be exactly that: the same error, or the action's
 * success fields with the work, its validity and its difficulty recomputed with Bouncy Castle ({@link Reference}).
 * Nothing may escape, and nothing may be logged at SEVERE (ERROR): a client's mistake is not the server's fault.
 * The RPC here generates up to {@code ff00000000000000} (~256 attempts) so that mutated generate requests that
 * pass every check really search. Inputs per kind: the system property {@code fuzz.inputs} (2,000 in the suite,
 * from the pom; infra/fuzz.sh runs 1,000,000 in all). Input i of a run is drawn from {@code new Random(fuzz.seed
 * + i)}: a failure names the seed that reproduces it ({@code -Dfuzz.seed=...}); without one, each run draws new
 * inputs.
 */
class RequestFuzzTest {
    /** As Funqy reads a function's input: Jackson's default limits (the HTTP body limit aside). */
    static final ObjectMapper FUNQY = new ObjectMapper();

    static final AtomicLong INPUTS = new AtomicLong();
    static final AtomicLong SUCCESSES = new AtomicLong();
    /** How often each answer was expected, on every path: the run's coverage, printed at the end. */
    static final Map<String, AtomicLong> EXPECTED = new java.util.concurrent.ConcurrentSkipListMap<>();

    static final int PER_KIND = Integer.getInteger("fuzz.inputs", 2000);
    static final long SEED = Long.getLong("fuzz.seed", new java.security.SecureRandom().nextLong());
    static WorkQueue queue;
    static WorkRpc open;
    static WorkRpc keyed;
    static LogCapture severe;

    @BeforeAll
    static void start() {
        queue = Wiring.queue(new WorkSearch(new QuickKernel(), 1), 4);
        WorkRpc.Settings settings = new WorkRpc.Settings(
                Action.served("both"),
                new Difficulty(0),
                new Difficulty(0xff00000000000000L),
                Duration.ofNanos(1000),
                Duration.ofMillis(1), // a benchmark duration in (0, 0.001] s is good (FieldValues.duration)
                "fuzz",
                false);
        // Every precache taken (the search's own tests bound them): the answer is the request's alone.
        open = Wiring.rpc(queue, settings, Credentials.NONE, (root, difficulty, caller) -> Precache.State.STARTED);
        keyed = Wiring.rpc(queue, settings, SharedSecret.of("fuzz-secret"));
        severe = LogCapture.atLeast(Level.SEVERE);
    }

    @AfterAll
    static void stop() {
        severe.close();
        queue.close();
        queue.search().close();
        long inputs = INPUTS.get();
        System.out.printf(
                "RequestFuzzTest: %,d inputs fuzzed from seed %d (%,d answered with success fields)%n",
                inputs, SEED, SUCCESSES.get());
        System.out.println("RequestFuzzTest: answers expected on POST / and the routes: " + EXPECTED);
        assertEquals(java.util.List.of(), severe.lines(), "nothing logged at SEVERE for clients' mistakes");
        assertTrue(inputs >= 5_000, "the suite fuzzes at least 5,000 inputs, ran " + inputs);
        // Every answer the generators can call for was called for (the rarest, about 20 times in 6,000 inputs).
        assertEquals(
                new java.util.TreeSet<>(java.util.List.of(
                        RpcError.BAD_ACCOUNT_NUMBER,
                        RpcError.INVALID_BLOCK,
                        RpcError.BAD_DIFFICULTY,
                        RpcError.BAD_DURATION,
                        RpcError.BAD_MULTIPLIER,
                        RpcError.BAD_WORK,
                        RpcError.BAD_WORK_VERSION,
                        RpcError.DIFFICULTY_LIMIT,
                        "Generated",
                        "Precached",
                        RpcError.INVALID_BLOCK_HASH,
                        RpcError.TOO_LARGE,
                        RpcError.UNABLE_TO_PARSE_JSON,
                        RpcError.UNKNOWN_COMMAND,
                        "Validated",
                        "benchmark",
                        "status",
                        "work_cancel")),
                EXPECTED.keySet(),
                "the answers expected in this run");
    }

    @Test
    void randomBytesGetTheirExpectedAnswers() {
        fuzz(0, FuzzInputs::randomBytes);
    }

    @Test
    void randomJsonGetsItsExpectedAnswers() {
        fuzz(1, FuzzInputs::randomJson);
    }

    @Test
    void mutatedRequestsOfEveryActionGetTheirExpectedAnswers() {
        fuzz(2, FuzzInputs::mutatedRequest);
    }

    @Test
    void formAndMultipartBodiesAreNotJson() {
        fuzz(3, FuzzInputs::formBody);
    }

    /** Runs {@link #PER_KIND} inputs of one kind; the seed of each is in the failure message. */
    static void fuzz(int kind, Function<Random, FuzzCase> inputs) {
        for (long i = 0; i < PER_KIND; i++) {
            long seed = SEED + i * 4 + kind;
            FuzzCase input = inputs.apply(new Random(seed));
            try {
                everyPath(input);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError(
                        "fuzz input from seed " + seed + " (rerun with -Dfuzz.seed=" + (SEED + i * 4) + "): "
                                + Answers.shown(input.body()),
                        e);
            }
        }
    }

    static void everyPath(FuzzCase input) {
        INPUTS.incrementAndGet();
        String body = input.body();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        Expected onRpc = counted(Expected.onRpc(input));
        Answers.expect(onRpc, MapRpc.of(open).handle(body, deadline), "POST /");
        if (!(onRpc instanceof Expected.Refused)) SUCCESSES.incrementAndGet();
        for (Action action : Action.values()) {
            Expected onRoute = counted(Expected.onRoute(action, input));
            Answers.expect(onRoute, route(action, body, deadline), "/" + action.wireName());
        }
        Answers.expect(
                Expected.locked(input),
                MapRpc.of(keyed).handle(body, Optional.of("Bearer not-the-key"), deadline),
                "POST / with a wrong key");
        assertTrue(
                severe.lines().isEmpty(), () -> "logged at SEVERE for " + Answers.shown(body) + ": " + severe.lines());
    }

    static Expected counted(Expected expected) {
        String kind = switch (expected) {
            case Expected.Refused r -> r.error();
            case Expected.Succeeded s -> s.action().wireName();
            default -> expected.getClass().getSimpleName();
        };
        EXPECTED.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
        return expected;
    }

    /**
     * A function route: Funqy's one reading of the body into the function's input, then the RPC; a body
     * Funqy cannot begin to read fails the request, which HttpRoutes answers.
     */
    static Map<String, String> route(Action action, String body, long deadline) {
        RpcRequest request = null;
        if (body != null && !body.isEmpty()) {
            try {
                request = FUNQY.readValue(body, RpcRequest.class);
            } catch (java.io.IOException e) {
                return MapRpc.fields(new RpcError(RpcError.UNABLE_TO_PARSE_JSON, "not a JSON object").answer());
            }
        }
        if (action == Action.STATUS && request == null) request = RpcRequest.empty();
        return MapRpc.fields(open.handle(action, request, RequestContext.local(deadline)));
    }
}
