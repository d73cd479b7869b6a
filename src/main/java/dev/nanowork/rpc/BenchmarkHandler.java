package dev.nanowork.rpc;

import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.search.Caller;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Locale;

/**
 * {@code benchmark}: searches a random root for a threshold no value reaches, for {@code duration} seconds
 * (never past the request's deadline), alone in the queue and counted as one of its caller's searches, and answers
 * the rate with the machine it ran on.
 */
final class BenchmarkHandler implements ActionHandler {
    /** A threshold no value reaches in practice (probability 2^-64 per attempt): a benchmark runs to its deadline. */
    static final Difficulty UNREACHABLE = new Difficulty(-1L);

    private final WorkQueue queue;
    private final WorkRpc.Settings settings;
    private final HostFacts host;
    private final SecureRandom random = new SecureRandom();

    BenchmarkHandler(WorkQueue queue, WorkRpc.Settings settings, HostFacts host) {
        this.queue = queue;
        this.settings = settings;
        this.host = host;
    }

    @Override
    public Answer answer(RpcRequest request, Caller caller, long deadlineNanos) {
        Duration duration = request.text("duration", RpcError.BAD_DURATION)
                .map(this::duration)
                .orElse(settings.benchmarkDuration());
        long until = System.nanoTime() + duration.toNanos();
        if (deadlineNanos - until < 0) until = deadlineNanos; // on Lambda, never past the invocation
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        long end = until;
        // As the caller's own search (not the process's): its per-client bound, and stopped when it disconnects.
        SearchResult result = QueuedSearch.await(() -> queue.submitAlone(Root.of(bytes), UNREACHABLE, end, caller));
        if (result instanceof SearchResult.Cancelled || result instanceof SearchResult.Failed) {
            throw new RpcError(RpcError.FAILURE, "the benchmark was stopped; retry");
        }
        WorkKernel kernel = queue.search().kernel();
        return new Answer.Benchmark(
                kernel.name(),
                Integer.toString(kernel.lanes()),
                Integer.toString(kernel.states()),
                Integer.toString(queue.search().threads()),
                String.format(Locale.ROOT, "%.3f", result.elapsedNanos() / 1e9),
                Long.toString(result.attempts()),
                String.format(Locale.ROOT, "%.2f", result.megahashesPerSecond()),
                host.cpu().model(),
                host.cpuFlags(),
                Integer.toString(host.availableProcessors()),
                host.jvm(),
                host.jitFlags(),
                host.cpu().featureList(),
                host.cpu().useAvx(),
                host.cpu().maxVectorSize(),
                Integer.toString(host.cpu().preferredBits()));
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
            throw new RpcError(
                    RpcError.BAD_DURATION,
                    "duration is in seconds, more than 0 and at most " + max + ", was " + RpcError.describe(text));
        }
        return Duration.ofNanos((long) (seconds * 1e9));
    }
}
