package dev.nanowork.lambda;

import static dev.nanowork.lambda.RuntimeAnswers.EVENTS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * What observing costs a request (issue 42): the validate function of two packages, the one before the records
 * ({@code -Dobserve.baseline=ZIP}, infra/observe-overhead.sh builds it from a commit) and this one, each under the
 * real runtime client with the JSON log format Lambda is given, answering the same work_validate event one request
 * at a time. Its invoke round trip is the request path (API Gateway's event in, the answer out: access log line,
 * record, EMF); the two are measured in turns (A B A B ...), so that drift on a shared machine falls on both alike.
 * Medians and p99 per package to target/observe-overhead.json. Not a test (its name matches neither pattern).
 */
class ObserveOverheadBench {
    static final int WARM = Integer.getInteger("observe.warm", 2_000);
    static final int REQUESTS = Integer.getInteger("observe.requests", 2_000);
    static final int TURNS = Integer.getInteger("observe.turns", 4);

    @Test
    void theRequestPathWithAndWithoutTheRecords() throws Exception {
        Map<String, Path> packages = new TreeMap<>();
        packages.put("before", Path.of(System.getProperty("observe.baseline", "target/baseline-function.zip")));
        packages.put("after", TaskRoot.ZIP);
        Map<String, Launch> launches = new TreeMap<>();
        String event = Files.readString(EVENTS.resolve("work_validate-route.json"));
        try {
            for (var p : packages.entrySet()) {
                TaskRoot.unzip(p.getValue(), "lambda-task-" + p.getKey());
                launches.put(p.getKey(), validate(p.getKey(), Map.of()));
                // The same package with plain-text log lines: what of the difference is the JSON log format.
                if (p.getKey().equals("after"))
                    launches.put(
                            "after-text-log",
                            validate("after-text-log", Map.of("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "false")));
            }
            Map<String, List<Long>> nanos = new TreeMap<>();
            for (var l : launches.entrySet()) {
                for (int i = 0; i < WARM; i++) round(l.getValue(), event); // C2 compiles both paths first
                nanos.put(l.getKey(), new ArrayList<>());
            }
            for (int turn = 0; turn < TURNS; turn++)
                for (var l : launches.entrySet())
                    for (int i = 0; i < REQUESTS / TURNS; i++)
                        nanos.get(l.getKey()).add(round(l.getValue(), event));
            StringBuilder json = new StringBuilder("{\"requests\":" + REQUESTS + ",\"cpu\":\"" + cpu() + "\"");
            for (var n : nanos.entrySet()) {
                List<Long> sorted = n.getValue().stream().sorted().toList();
                json.append(String.format(
                        Locale.ROOT,
                        ",\"%s\":{\"p50_us\":%.1f,\"p99_us\":%.1f}",
                        n.getKey(),
                        sorted.get(sorted.size() / 2) / 1e3,
                        sorted.get((int) Math.ceil(sorted.size() * 0.99) - 1) / 1e3));
            }
            json.append('}');
            Files.writeString(TaskRoot.TARGET.resolve("observe-overhead.json"), json + "\n");
            System.out.println(json);
        } finally {
            for (Launch l : launches.values()) l.close();
        }
    }

    private static Launch validate(String label, Map<String, String> environment) throws Exception {
        Launch launch = Launch.start(
                label + " validate",
                Path.of(System.getProperty("java.home"), "bin", "java"),
                "x86_64",
                "validate",
                512,
                Launch.LEVEL_1_FLAGS,
                null,
                true,
                environment);
        launch.awaitInit();
        return launch;
    }

    private static long round(Launch launch, String event) throws Exception {
        RuntimeApiEmulator.Outcome outcome = launch.invoke(event);
        assertEquals("response", outcome.kind(), outcome.body());
        return outcome.nanos();
    }

    private static String cpu() throws Exception {
        return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                .filter(l -> l.startsWith("model name") || l.startsWith("cpu family") || l.startsWith("model\t"))
                .distinct()
                .map(l -> l.replaceAll("\\s*:\\s*", " "))
                .reduce((a, b) -> a + ", " + b)
                .orElse("unknown");
    }
}
