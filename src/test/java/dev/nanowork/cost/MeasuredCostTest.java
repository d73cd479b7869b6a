package dev.nanowork.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.aws.AwsClients;
import dev.nanowork.observe.Metric;
import dev.nanowork.support.CloudWatchStandIn;
import dev.nanowork.support.SsmStandIn.Issued;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;

/**
 * infra/measured-cost.sh's report against the CloudWatch stand-in fed EMF lines as the functions print them (observe's
 * EmfLine), over more pages than one; its file read back by infra/cost.sh's Java and drawn as measured rows.
 */
class MeasuredCostTest {
    static final Issued ROLE = new Issued("ASIAMEASURED", "secret", "session");
    static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");
    static final String NS = "NanoWork/demo";
    static final String OBSERVE = """
            {"namespace": "NanoWork/demo", "region": "us-east-1", "table": "demo-work-records", "variants": {
              "arm64": {"target": "lambda-arm64-10240", "architecture": "arm64", "generate_memory_mb": 10240,
                        "generate_function": "demo-arm64-generate", "validate_function": "demo-arm64-validate",
                        "worker_function": "demo-arm64-worker", "duration_billed": true},
              "lmi": {"target": "lmi-c7i", "architecture": "x86_64", "generate_memory_mb": 4096,
                      "generate_function": "demo-lmi-generate", "validate_function": "demo-lmi-validate",
                      "worker_function": null, "duration_billed": false}}}
            """;

    @TempDir
    Path dir;

    /**
     * 30 works, one a minute for 30 minutes, each 1 s to 30 s of latency, searched by the generate function at 40 MH/s
     * and 3 workers at 38 MH/s; Lambda bills 2,000 ms of generate and 3 x 1,500 ms of workers a work; the functions count
     * 10 reads and 5 writes of the record table a work (generate 1 and 2, each worker 3 and 1), while the table says it
     * consumed 20 and 8 (shared with another stack's variant, say): the cost takes the functions' counts.
     */
    static void feed(CloudWatchStandIn cloudWatch) throws Exception {
        for (int i = 0; i < 30; i++) {
            Instant at = T0.plusSeconds(60L * i + 1);
            String line = new String(
                    dev.nanowork.observe.EmfLine.of(NS, "arm64", Metric.Actions.WORK_GENERATE, at.toEpochMilli())
                            .property("request_id", "r" + i)
                            .property("outcome", "found")
                            .metric(Metric.LATENCY, 1000.0 * (i + 1))
                            .metric(Metric.FOUND, 1)
                            .metric(Metric.HASH_RATE, 40e6)
                            .metric(Metric.WORKERS_ASKED, 3)
                            .metric(Metric.RECORD_READS, 1)
                            .metric(Metric.RECORD_WRITES, 2)
                            .bytes(),
                    StandardCharsets.UTF_8);
            cloudWatch.emf(line);
            for (int w = 0; w < 3; w++)
                cloudWatch.emf(new String(
                        dev.nanowork.observe.EmfLine.of(NS, "arm64", Metric.Actions.WORKER, at.toEpochMilli())
                                .metric(Metric.LATENCY, 1500)
                                .metric(Metric.HASH_RATE, 38e6)
                                .metric(Metric.RECORD_READS, 3)
                                .metric(Metric.RECORD_WRITES, 1)
                                .bytes(),
                        StandardCharsets.UTF_8));
            cloudWatch.put(
                    "AWS/Lambda", "Duration", Map.of("FunctionName", "demo-arm64-generate"), "Milliseconds", at, 2000);
            cloudWatch.put("AWS/Lambda", "Invocations", Map.of("FunctionName", "demo-arm64-generate"), "Count", at, 1);
            for (int w = 0; w < 3; w++) {
                cloudWatch.put(
                        "AWS/Lambda",
                        "Duration",
                        Map.of("FunctionName", "demo-arm64-worker"),
                        "Milliseconds",
                        at,
                        1500);
                cloudWatch.put(
                        "AWS/Lambda", "Invocations", Map.of("FunctionName", "demo-arm64-worker"), "Count", at, 1);
            }
            cloudWatch.put(
                    "AWS/DynamoDB",
                    "ConsumedReadCapacityUnits",
                    Map.of("TableName", "demo-work-records"),
                    "Count",
                    at,
                    20);
            cloudWatch.put(
                    "AWS/DynamoDB",
                    "ConsumedWriteCapacityUnits",
                    Map.of("TableName", "demo-work-records"),
                    "Count",
                    at,
                    8);
        }
    }

    static Path measure(Path dir, int maxDatapoints, List<CloudWatchMetrics> used) throws Exception {
        Path observe = dir.resolve("observe.json");
        Files.writeString(observe, OBSERVE);
        Path out = dir.resolve("measured.jsonl");
        try (CloudWatchStandIn cloudWatch = new CloudWatchStandIn("us-east-1")) {
            cloudWatch.issue(ROLE);
            feed(cloudWatch);
            MeasuredMain.run(
                    new String[] {
                        "--from",
                        T0.toString(),
                        "--to",
                        T0.plus(Duration.ofMinutes(30)).toString(),
                        "--observe",
                        observe.toString(),
                        "--out",
                        out.toString()
                    },
                    region -> {
                        CloudWatchMetrics m = new CloudWatchMetrics(
                                AwsClients.build(
                                        CloudWatchClient.builder()
                                                .region(Region.of(region))
                                                .endpointOverride(URI.create(cloudWatch.endpoint()))
                                                .credentialsProvider(
                                                        StaticCredentialsProvider.create(AwsSessionCredentials.create(
                                                                ROLE.accessKeyId(),
                                                                ROLE.secretKey(),
                                                                ROLE.sessionToken()))),
                                        Duration.ofSeconds(5),
                                        Duration.ofSeconds(30)),
                                maxDatapoints);
                        used.add(m);
                        return m;
                    },
                    T0.plus(Duration.ofHours(1)),
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        }
        return out;
    }

    @Test
    void readsEveryPageOfTheStacksMetricsAndBillsAWorkAsTheMetricsSay() throws Exception {
        List<CloudWatchMetrics> used = new java.util.ArrayList<>();
        Path out = measure(dir, 50, used); // about 300 datapoints: 7 pages
        assertTrue(used.getFirst().calls() > 1, "pages read: " + used.getFirst().calls());
        List<Measured> measured = MeasuredFile.parse(Files.readString(out), out.toString());
        assertEquals(1, measured.size(), "Managed Instances are not billed per GB-second: left out");
        Measured m = measured.getFirst();
        assertEquals(30, m.works());
        assertEquals(40.0, m.mhs(), 1e-9);
        assertEquals(38.0, m.workerMhs(), 1e-9);
        assertEquals(15.5, m.meanSeconds(), 1e-9);
        assertEquals(15.0, m.p50Seconds(), 1e-9); // nearest rank 15 of 1..30 s
        assertEquals(30.0, m.p99Seconds(), 1e-9);
        assertEquals(90, m.workerInvocations());
        assertEquals(60_000, m.generateMs(), 1e-9);
        assertEquals(135_000, m.workerMs(), 1e-9);
        assertEquals(300, m.readUnits(), 1e-9); // the functions' RecordReads, not the table's 600 consumed units
        assertEquals(150, m.writeUnits(), 1e-9);
        // By hand: 6.5 s of 10 GB at arm64's $0.0000133334 per GB-s, Lambda's and the HTTP API's request ($1.20 per
        // million), 3 worker invocations ($0.20 per million each), 10 reads and 5 writes at on-demand prices
        // ($0.125 and $0.625 per million request units).
        double perWork = 6.5 * 10 * 0.0000133334 + 1.2e-6 + 3 * 0.2e-6 + 10 * 0.125e-6 + 5 * 0.625e-6;
        assertEquals(perWork, m.costPerWork(), 1e-12);
    }

    @Test
    void costShDrawsTheMeasuredRowsSolidBesideTheModelledOnes() throws Exception {
        Path file = measure(dir, 100_800, new java.util.ArrayList<>());
        TargetCatalog catalog = new TargetCatalog(PricingFile.load(Path.of("infra/pricing/aws-us-east-1.json")));
        List<Rate> rates = RatesFile.load(Path.of("infra/rates/default.jsonl"));
        CostReport report = CostReport.build(
                catalog,
                new RateModel(catalog, rates),
                DifficultyInput.parse("send"),
                MeasuredFile.parse(Files.readString(file), file.toString()));
        String md = MarkdownTable.render(report);
        List<String> lines = md.lines().toList();
        int modelled = lines.indexOf(lines.stream()
                .filter(l -> l.startsWith("| lambda-arm64-10240 | modelled |"))
                .findFirst()
                .orElseThrow());
        List<String> rows = lines.subList(modelled, modelled + 2);
        // The measured file of the must-show (infra/cost.sh --measured target/measured-standin.jsonl).
        Files.copy(file, Path.of("target/measured-standin.jsonl"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertTrue(rows.get(0).startsWith("| lambda-arm64-10240 | modelled |"), rows.get(0));
        assertTrue(
                rows.get(1).startsWith("| lambda-arm64-10240 | **measured** | 5.79 | 6 | 40 | 15.5 | 30 | 0% |"),
                rows.get(1));
        org.jfree.chart.JFreeChart chart = CostChart.chart(report);
        org.jfree.chart.plot.XYPlot plot = chart.getXYPlot();
        org.jfree.chart.renderer.xy.XYLineAndShapeRenderer renderer =
                (org.jfree.chart.renderer.xy.XYLineAndShapeRenderer) plot.getRenderer();
        int series = plot.getDataset().getSeriesCount();
        int found = -1;
        for (int i = 0; i < series; i++)
            if (plot.getDataset().getSeriesKey(i).toString().endsWith(CostChart.MEASURED)) found = i;
        assertTrue(found >= 0, "a legend entry says which points are measured");
        assertEquals(renderer.getSeriesPaint(found), renderer.getSeriesFillPaint(found), "measured points are solid");
        for (int i = 0; i < series; i++)
            if (plot.getDataset().getSeriesKey(i).toString().endsWith(CostChart.MODELLED))
                assertTrue(!renderer.getSeriesPaint(i).equals(renderer.getSeriesFillPaint(i)), "modelled are pale");
        Path png = dir.resolve("cost-chart.png");
        CostChart.write(report, png);
        assertTrue(Files.size(png) > 10_000);
    }
}
