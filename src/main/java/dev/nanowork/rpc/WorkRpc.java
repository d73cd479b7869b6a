package dev.nanowork.rpc;

import dev.nanowork.access.AccessKeys;
import dev.nanowork.search.Caller;
import dev.nanowork.search.Precache;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.work.Difficulty;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * nano_node's work RPC, transport-free: lets a request in (the optional key), checks that this deployment serves
 * its action, and hands it to that action's handler. Every refusal and unforeseen fault becomes an {@link
 * Answer.Refusal}; nothing escapes.
 */
public final class WorkRpc {
    private static final Logger LOG = Logger.getLogger(WorkRpc.class.getName());

    /** nano_node's answer when a handler fails in a way it did not foresee. */
    static final String INTERNAL = "Internal server error in RPC";

    /** What the configuration decides for the RPC. */
    public record Settings(
            Set<Action> served,
            Difficulty minDifficulty,
            Difficulty maxDifficulty,
            Duration benchmarkDuration,
            Duration benchmarkMaxDuration,
            String version,
            boolean benchmarkRequiresKey) {
        public Settings {
            if (minDifficulty.compareTo(maxDifficulty) > 0) {
                throw new IllegalArgumentException("nano-work.min-difficulty " + minDifficulty
                        + " is above nano-work.max-difficulty " + maxDifficulty);
            }
            if (!benchmarkDuration.isPositive() || benchmarkMaxDuration.compareTo(benchmarkDuration) < 0) {
                throw new IllegalArgumentException(
                        "nano-work.benchmark.duration must be positive and at most nano-work.benchmark.max-duration");
            }
        }

        /** The wire names of the served actions, sorted. */
        String servedNames(String separator) {
            return served.stream().map(Action::wireName).sorted().collect(Collectors.joining(separator));
        }
    }

    private final Settings settings;
    private final Gate gate;
    private final AtomicLong served = new AtomicLong();
    private final Map<Action, ActionHandler> handlers = new EnumMap<>(Action.class);
    private final BenchmarkHandler benchmark;
    private volatile HostFacts host;

    /**
     * The RPC over {@code queue}: lets in the requests carrying a key of {@code keys} when it has one; {@code status}
     * and {@code benchmark} show {@code host} until {@link #host(HostFacts)} says otherwise; {@code work_precache}
     * goes to {@code precache}, which {@code work_generate} asks first.
     */
    public WorkRpc(WorkQueue queue, Settings settings, AccessKeys keys, HostFacts host, Precache precache) {
        this.settings = settings;
        this.gate = new Gate(keys, settings.benchmarkRequiresKey());
        this.host = host;
        this.benchmark = new BenchmarkHandler(queue, settings, this::host);
        handlers.put(Action.WORK_VALIDATE, new ValidateHandler());
        handlers.put(
                Action.WORK_GENERATE,
                new GenerateHandler(queue, precache, settings.minDifficulty(), settings.maxDifficulty()));
        handlers.put(
                Action.WORK_PRECACHE,
                new PrecacheHandler(precache, settings.minDifficulty(), settings.maxDifficulty()));
        handlers.put(Action.WORK_CANCEL, new CancelHandler(queue));
        handlers.put(Action.STATUS, new StatusHandler(queue, settings, this::host, served::get, gate::operates));
        handlers.put(Action.BENCHMARK, benchmark);
    }

    /** {@code POST /}: the body, read here, names its {@code action}. */
    public Answer handle(String body, RequestContext context) {
        served.incrementAndGet();
        try {
            RpcRequest request = RpcRequest.parse(body);
            Caller who = gate.letIn(request, context);
            String name = request.action();
            context.record().action(name);
            Action action = Action.fromWire(name)
                    .orElseThrow(() -> new RpcError(
                            RpcError.UNKNOWN_COMMAND,
                            "this endpoint answers " + settings.servedNames(", ") + ", was "
                                    + RpcError.describe(name)));
            return RecordNotes.noted(context, run(action, request, who, context));
        } catch (RuntimeException e) {
            return RecordNotes.noted(context, refusal(e));
        }
    }

    /** A function route, which names the action ({@code request}: the body read, null if none). */
    public Answer handle(Action action, RpcRequest request, RequestContext context) {
        served.incrementAndGet();
        context.record().action(action.wireName());
        try {
            RpcRequest present = RpcRequest.of(request);
            return RecordNotes.noted(context, run(action, present, gate.letIn(present, context), context));
        } catch (RuntimeException e) {
            return RecordNotes.noted(context, refusal(e));
        }
    }

    /** The machine and JVM {@code status} and {@code benchmark} show. */
    public HostFacts host() {
        return host;
    }

    /**
     * Shows {@code facts} from now on: after a SnapStart restore (perhaps on another host), or once the kernel was
     * primed again before the snapshot.
     */
    public void host(HostFacts facts) {
        this.host = facts;
    }

    /** Mixes fresh entropy into the benchmark's random roots: after a SnapStart restore every copy must differ. */
    public void reseed(byte[] seed) {
        benchmark.reseed(seed);
    }

    private Answer run(Action action, RpcRequest request, Caller caller, RequestContext context) {
        if (!settings.served().contains(action)) {
            throw new RpcError(
                    RpcError.NOT_SERVED,
                    "this deployment serves " + settings.servedNames(", ") + "; send " + action.wireName()
                            + " to the endpoint that serves it");
        }
        gate.mayRun(action, caller);
        context.record().action(action.wireName());
        return handlers.get(action).answer(request, caller, context.deadlineNanos(), context.record());
    }

    private static Answer refusal(RuntimeException e) {
        if (e instanceof RpcError refused) return refused.answer();
        LOG.log(Level.SEVERE, "request failed", e);
        return new RpcError(INTERNAL, null).answer();
    }
}
