package dev.nanowork.function;

import dev.nanowork.aws.AwsClients;
import dev.nanowork.config.FanOutConfig;
import dev.nanowork.fanout.FanOutSettings;
import dev.nanowork.fanout.LambdaWorkers;
import dev.nanowork.fanout.SharedSearch;
import dev.nanowork.fanout.Workers;
import dev.nanowork.search.Precache;
import dev.nanowork.search.Searcher;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.share.DynamoWorkRecords;
import dev.nanowork.share.WorkRecords;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import java.util.logging.Logger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.lambda.LambdaClient;

/**
 * The fan-out as {@code nano-work.fan-out.*} sets it up: with no table, every search runs alone on this execution
 * ({@link Searcher#local}); with a table, searches go through the shared work record ({@link SharedSearch}), and with a
 * worker function too, a long search invokes workers. The clients are built here, in INIT, and hold no credentials
 * until their first call (so a SnapStart snapshot holds none).
 *
 * @param records the shared records, when there is a table (the worker handler searches only with one)
 * @param searcher what the queue's searches run with
 * @param precache what {@code work_precache} runs with: the record and queued workers when there are both
 */
record FanOutStartup(
        Optional<WorkRecords> records, Searcher searcher, Precache precache, Optional<AutoCloseable> clients) {
    private static final Logger LOG = Logger.getLogger(FanOutStartup.class.getName());

    /** No table: every search alone, as before the fan-out. */
    static FanOutStartup alone(WorkSearch search) {
        return new FanOutStartup(
                Optional.empty(),
                Searcher.local(search),
                Precache.none("no work record table here (nano-work.fan-out.table): a precache would have nowhere to"
                        + " wait for the wallet; send work_generate when the block is due"),
                Optional.empty());
    }

    /**
     * @param hashesPerSecond this execution's rate on all its search threads, as priming measured it
     * @param longestRun the longest a search runs (the generate deadline): a worker's invoke waits that long
     */
    static FanOutStartup start(
            FanOutConfig config, WorkSearch search, DoubleSupplier hashesPerSecond, Duration longestRun) {
        if (config.table().isEmpty()) {
            LOG.info("fan-out: off (no nano-work.fan-out.table): every work is searched by this execution alone");
            return alone(search);
        }
        String table = config.table().get().strip();
        FanOutSettings settings = new FanOutSettings(
                config.target(),
                config.worker().isPresent() ? config.maxWorkers() : 0,
                config.pollInterval(),
                config.recordTtl());
        Duration warmUp = AwsClients.warmUp(List.of(DynamoDbClient.class, LambdaClient.class));
        LOG.info(() -> "fan-out: AWS SDK clients warmed in " + warmUp.toMillis() + " ms (no call made)");
        DynamoWorkRecords records = DynamoWorkRecords.fromEnvironment(table);
        Optional<LambdaWorkers> invoked = config.worker().map(w -> new LambdaWorkers(w.strip(), longestRun));
        Workers workers = invoked.<Workers>map(w -> w).orElse(Workers.none("no worker function"));
        LOG.info(
                () -> "fan-out: work records in table " + table + "; "
                        + invoked.map(w -> "up to " + settings.maxWorkers() + " workers of "
                                        + config.worker().get().strip() + " for a search expected past "
                                        + settings.target())
                                .orElse(
                                        "no worker function (nano-work.fan-out.worker): duplicates and retries share a search"));
        AutoCloseable clients = () -> {
            try (records) {
                if (invoked.isPresent()) invoked.get().close();
            }
        };
        Duration precacheTtl = config.precacheTtl();
        if (precacheTtl.compareTo(Duration.ofHours(1)) < 0 || precacheTtl.compareTo(Duration.ofDays(30)) > 0)
            throw new IllegalArgumentException(
                    "nano-work.fan-out.precache-ttl must be 1h to 30d (a precached work waits"
                            + " this long for its wallet), was " + precacheTtl);
        SharedSearch shared = new SharedSearch(search, records, workers, settings, hashesPerSecond, Clock.systemUTC());
        Precache precache = invoked.isPresent()
                ? shared.precache(precacheTtl, longestRun)
                : Precache.none("no worker function here (nano-work.fan-out.worker): nothing would search a precache;"
                        + " send work_generate when the block is due");
        return new FanOutStartup(Optional.of(records), shared, precache, Optional.of(clients));
    }
}
