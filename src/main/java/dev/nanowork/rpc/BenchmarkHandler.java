package dev.nanowork.rpc;

import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.observe.RequestRecord;
import dev.nanowork.search.Caller;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code benchmark}: searches a random root for a threshold no value reaches, for {@code duration} seconds
 * (never past the request's deadline), alone in the queue and counted as one of its caller's searches, and answers the rate with the machine it ran on. With
 * nano-work-server's {@code count} it finds that many works instead (at {@code difficulty} or {@code multiplier},
 * default the base, at most the difficulty cap) and also answers nano-work-server's fields.
 */
final class BenchmarkHandler implements ActionHandler {
    /** A threshold no value reaches in practice (probability 2^-64 per attempt): a benchmark runs to its deadline. */
    static final Difficulty UNREACHABLE = new Difficulty(-1L);
    /** The most works a {@code count} benchmark asks for; its duration bounds it first at any real difficulty. */
    static final long MAX_COUNT = 1_000_000;

    private final WorkQueue queue;
    private final WorkRpc.Settings settings;
    private final Supplier<HostFacts> host;
    /** The benchmark's random roots: a snapshot freezes its state, so a restore must {@link #reseed} it. */
    private final SecureRandom random = new SecureRandom();

    BenchmarkHandler(WorkQueue queue, WorkRpc.Settings settings, Supplier<HostFacts> host) {
        this.queue = queue;
        this.settings = settings;
        this.host = host;
    }

    @Override
    public Answer answer(RpcRequest request, Caller caller, long deadlineNanos) {
        Optional<Duration> asked =
                request.text("duration", RpcError.BAD_DURATION).map(this::duration);
        Optional<Long> count = request.text("count", RpcError.BAD_COUNT).map(BenchmarkHandler::count);
        // With a count (nano-work-server's benchmark) the run lasts until the works are found, at most max-duration.
        Duration duration =
                asked.orElse(count.isPresent() ? settings.benchmarkMaxDuration() : settings.benchmarkDuration());
        long until = System.nanoTime() + duration.toNanos();
        if (deadlineNanos - until < 0) until = deadlineNanos; // on Lambda, never past the invocation
        if (count.isPresent()) return works(count.get(), request, until, caller);
        SearchResult result = search(UNREACHABLE, until, caller);
        return answer(result.elapsedNanos(), result.attempts(), null);
    }

    /**
     * nano-work-server's benchmark: {@code count} works at the difficulty {@code request} asks for, for random
     * roots, one after another; it answers how many were found before {@code until} (all unless it ran out of time).
     */
    private Answer works(long count, RpcRequest request, long until, Caller caller) {
        Difficulty difficulty = GenerateTarget.capped(request, settings.maxDifficulty());
        long start = System.nanoTime();
        long attempts = 0;
        long found = 0;
        while (found < count) {
            SearchResult result = search(difficulty, until, caller);
            attempts += result.attempts();
            if (!(result instanceof SearchResult.Found)) break;
            found++;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        return answer(
                System.nanoTime() - start,
                attempts,
                new Answer.Works(
                        difficulty.toString(),
                        Difficulty.formatMultiplier(difficulty.multiplier()),
                        Long.toString(found),
                        Long.toString(millis),
                        Long.toString(found == 0 ? millis : millis / found)));
    }

    /** One search of a random root, alone in the queue; a stopped one is a failure. */
    private SearchResult search(Difficulty difficulty, long until, Caller caller) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        // As the caller's own search (not the process's): its per-client bound, and stopped when it disconnects.
        SearchResult result = QueuedSearch.await(
                () -> queue.submitAlone(Root.of(bytes), difficulty, until, caller), RequestRecord.discarded());
        if (result instanceof SearchResult.Cancelled || result instanceof SearchResult.Failed)
            throw new RpcError(RpcError.FAILURE, "the benchmark was stopped; retry");
        return result;
    }

    /** Mixes fresh entropy into the generator of random roots. */
    void reseed(byte[] seed) {
        random.setSeed(seed);
    }

    private Answer answer(long elapsedNanos, long attempts, Answer.Works works) {
        WorkKernel kernel = queue.search().kernel();
        HostFacts host = this.host.get();
        return new Answer.Benchmark(
                kernel.name(),
                Integer.toString(kernel.lanes()),
                Integer.toString(kernel.states()),
                Integer.toString(queue.search().threads()),
                String.format(Locale.ROOT, "%.3f", elapsedNanos / 1e9),
                Long.toString(attempts),
                String.format(Locale.ROOT, "%.2f", elapsedNanos == 0 ? 0 : attempts * 1e3 / elapsedNanos),
                host.cpu().model(),
                host.cpuFlags(),
                Integer.toString(host.availableProcessors()),
                host.jvm(),
                host.jitFlags(),
                host.cpu().featureList(),
                host.cpu().useAvx(),
                host.cpu().maxVectorSize(),
                Integer.toString(host.cpu().preferredBits()),
                works);
    }

    /** nano-work-server's {@code count}: a positive whole number, here at most {@link #MAX_COUNT}. */
    private static long count(String text) {
        long n = text.matches("[0-9]{1,7}") ? Long.parseLong(text) : 0;
        if (n < 1 || n > MAX_COUNT) {
            throw new RpcError(
                    RpcError.BAD_COUNT,
                    "count is the works to find, 1 to " + MAX_COUNT + ", was " + RpcError.describe(text));
        }
        return n;
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
