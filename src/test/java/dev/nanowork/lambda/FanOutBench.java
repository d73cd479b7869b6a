package dev.nanowork.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nanowork.fanout.WorkerTask;
import dev.nanowork.fanout.WorkerTasks;
import dev.nanowork.share.Asker;
import dev.nanowork.share.DynamoWorkRecords;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.share.WorkRecords;
import dev.nanowork.support.Dynalite;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * The fan-out's local overheads (infra/fanout-bench.sh; not part of the suite, whose naming patterns it does not
 * match): three worker functions from function.zip under the real runtime client, one search thread each, the records
 * in dynalite. Measures the stop lag (the record written over, as another execution's find or a cancel writes it, to
 * each worker's invoke returning), the warm dispatch (a task's invoke to the worker's answer when its search is already over: the record
 * read and the invoke round trip, what precedes a worker's first hash), and the init time of the function with the
 * SDK clients (a table set) and without. Medians and p99 over the rounds, to target/fanout-bench.json.
 */
class FanOutBench {
    static final int WORKERS = 3;
    static final int ROUNDS = Integer.getInteger("fanout.rounds", 20);
    /** 2^56 attempts expected: no worker finds, so each round's end is the bench's own write. */
    static final Difficulty MAX = new Difficulty(0xffffffffffffff00L);

    @Test
    void stopLagDispatchAndInit() throws Exception {
        TaskRoot.unzip();
        try (Dynalite dynalite = Dynalite.start()) {
            String table = dynalite.workTable();
            WorkRecords records = new DynamoWorkRecords(dynalite.client(), table);
            List<Launch> workers = new ArrayList<>();
            List<Double> initWithClients = new ArrayList<>();
            try {
                for (int i = 0; i < WORKERS; i++) {
                    Launch worker = WorkerLaunch.start("bench worker " + i, workerEnvironment(table, dynalite));
                    workers.add(worker);
                    initWithClients.add(worker.awaitInit());
                }
                List<Double> stopLagMillis = new ArrayList<>();
                List<Double> dispatchMillis = new ArrayList<>();
                ExecutorService invokes = Executors.newVirtualThreadPerTaskExecutor();
                for (int round = 0; round < ROUNDS; round++) {
                    Root root = randomRoot();
                    String searchId = UUID.randomUUID().toString();
                    long now = System.currentTimeMillis();
                    var unused = records.claim(
                            WorkRecord.claimed(
                                    root,
                                    searchId,
                                    Set.of(new Asker("bench", MAX)),
                                    WORKERS,
                                    now + 25_000,
                                    now / 1000 + 3600),
                            now);
                    List<CompletableFuture<Long>> returned = new ArrayList<>();
                    for (int i = 0; i < WORKERS; i++) {
                        Launch worker = workers.get(i);
                        String task =
                                WorkerTasks.write(new WorkerTask(root, MAX, searchId, ((long) i) << 60, now + 25_000));
                        returned.add(CompletableFuture.supplyAsync(
                                () -> {
                                    try {
                                        RuntimeApiEmulator.Outcome o = worker.invoke(task);
                                        assertEquals("{\"outcome\":\"stopped\"}", o.body(), "round worker");
                                        return System.nanoTime();
                                    } catch (Exception e) {
                                        throw new IllegalStateException(e);
                                    }
                                },
                                invokes));
                    }
                    Thread.sleep(1_000); // every worker at full rate
                    // The record says the search is over, as another execution's find or a cancel writes it (a
                    // find must carry a valid work, which the bench has not searched for).
                    long found = System.nanoTime();
                    records.cancel(root, searchId);
                    for (CompletableFuture<Long> r : returned) stopLagMillis.add((r.get() - found) / 1e6);

                    // The same task again: its search is over, so the worker reads the record and answers.
                    String late = WorkerTasks.write(new WorkerTask(root, MAX, searchId, 0, now + 25_000));
                    long sent = System.nanoTime();
                    RuntimeApiEmulator.Outcome o = workers.get(round % WORKERS).invoke(late);
                    dispatchMillis.add((System.nanoTime() - sent) / 1e6);
                    assertEquals("{\"outcome\":\"stopped\"}", o.body());
                }
                invokes.shutdown();
                for (Launch w : workers) w.stop();

                Map<String, String> alone = new HashMap<>(workerEnvironment(table, dynalite));
                alone.put("NANO_WORK_FAN_OUT_TABLE", ""); // the same worker function, with no records and no client
                List<Double> initWithout = new ArrayList<>();
                for (int i = 0; i < WORKERS; i++) {
                    try (Launch generate = WorkerLaunch.start("bench no clients " + i, alone)) {
                        initWithout.add(generate.awaitInit());
                        generate.stop();
                    }
                }
                String cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                        .filter(l -> l.startsWith("model name"))
                        .findFirst()
                        .map(l -> l.substring(l.indexOf(':') + 1).strip())
                        .orElse("?");
                String line = String.format(
                        Locale.ROOT,
                        "{\"cpu\":\"%s\",\"cores\":%d,\"workers\":%d,\"threads_per_worker\":1,\"rounds\":%d,"
                                + "\"poll_ms\":50,\"stop_lag_ms\":{\"median\":%.1f,\"p99\":%.1f,\"max\":%.1f},"
                                + "\"warm_dispatch_ms\":{\"median\":%.1f,\"p99\":%.1f},"
                                + "\"init_s\":{\"with_sdk_clients\":%.2f,\"without\":%.2f}}",
                        cpu,
                        Runtime.getRuntime().availableProcessors(),
                        WORKERS,
                        ROUNDS,
                        quantile(stopLagMillis, 0.5),
                        quantile(stopLagMillis, 0.99),
                        Collections.max(stopLagMillis),
                        quantile(dispatchMillis, 0.5),
                        quantile(dispatchMillis, 0.99),
                        quantile(initWithClients, 0.5),
                        quantile(initWithout, 0.5));
                Files.writeString(Path.of("target", "fanout-bench.json"), line + "\n");
                System.out.println("fanout-bench: " + line);
            } finally {
                for (Launch w : workers) w.close();
            }
        }
    }

    static Map<String, String> workerEnvironment(String table, Dynalite dynalite) {
        Map<String, String> environment = new HashMap<>(WorkerLaunch.environment(table, dynalite.endpoint()));
        environment.put("NANO_WORK_THREADS", "1");
        environment.put("NANO_WORK_MAX_DIFFICULTY", "ffffffffffffff00");
        return environment;
    }

    /** The nearest-rank quantile. */
    static double quantile(List<Double> values, double q) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(Math.max(0, (int) Math.ceil(q * sorted.size()) - 1));
    }

    static Root randomRoot() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return Root.of(bytes);
    }
}
