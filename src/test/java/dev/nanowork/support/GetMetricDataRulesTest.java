package dev.nanowork.support;

import static dev.nanowork.support.CloudWatchStandInTest.NS;
import static dev.nanowork.support.CloudWatchStandInTest.ROLE;
import static dev.nanowork.support.CloudWatchStandInTest.T0;
import static dev.nanowork.support.CloudWatchStandInTest.latency;
import static dev.nanowork.support.CloudWatchStandInTest.window;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.CloudWatchException;
import software.amazon.awssdk.services.cloudwatch.model.Dimension;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataRequest;
import software.amazon.awssdk.services.cloudwatch.model.Metric;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataQuery;
import software.amazon.awssdk.services.cloudwatch.model.MetricStat;

/**
 * The CloudWatch stand-in refuses what CloudWatch refuses, as the SDK's model types it: each rule of {@link
 * GetMetricDataRules} (and the stand-in's own protocol check and {@code InvalidNextToken}) has its refusal here, sent
 * by the SDK's client where it can send it, checked on the rules themselves where it cannot.
 */
class GetMetricDataRulesTest {
    // One stand-in for the class: a refused request changes nothing in it.
    static CloudWatchStandIn cloudWatch;
    static CloudWatchClient client;

    @BeforeAll
    static void start() throws Exception {
        cloudWatch = new CloudWatchStandIn("us-east-1");
        cloudWatch.issue(ROLE);
        client = CloudWatchStandInTest.client(cloudWatch, ROLE);
    }

    @AfterAll
    static void stop() {
        client.close();
        cloudWatch.close();
    }

    static String refusal(Consumer<GetMetricDataRequest.Builder> change) {
        GetMetricDataRequest.Builder request = window(latency("a", "Sum", 60));
        change.accept(request);
        CloudWatchException e = assertThrows(CloudWatchException.class, () -> client.getMetricData(request.build()));
        return e.statusCode() + " " + e.awsErrorDetails().errorCode();
    }

    @Test
    void refusesWhatCloudWatchRefuses() {
        String invalid = "400 InvalidParameterValueException";
        List<MetricDataQuery> tooMany = IntStream.range(0, 501)
                .mapToObj(i -> latency("q" + i, "Sum", 60))
                .toList();
        assertEquals(invalid, refusal(r -> r.metricDataQueries(tooMany)));
        assertEquals(invalid, refusal(r -> r.metricDataQueries(latency("Upper", "Sum", 60))));
        assertEquals(invalid, refusal(r -> r.metricDataQueries(latency("1st", "Sum", 60))));
        assertEquals(invalid, refusal(r -> r.metricDataQueries(latency("a", "Sum", 60), latency("a", "Average", 60))));
        assertEquals(invalid, refusal(r -> r.endTime(T0)));
        assertEquals(invalid, refusal(r -> r.startTime(T0.plusSeconds(601))));
        assertEquals(invalid, refusal(r -> r.metricDataQueries(latency("a", "Sum", 45))));
        assertEquals(invalid, refusal(r -> r.metricDataQueries(latency("a", "Sum", 0))));
        assertEquals(invalid, refusal(r -> r.metricDataQueries(latency("a", "Median", 60))));
        assertEquals(invalid, refusal(r -> r.maxDatapoints(100_801)));
        assertEquals(invalid, refusal(r -> r.maxDatapoints(0)));
        String combination = "400 InvalidParameterCombinationException";
        assertEquals(
                combination,
                refusal(r -> r.metricDataQueries(
                        latency("a", "Sum", 60).toBuilder().expression("a * 2").build())));
        assertEquals(
                combination,
                refusal(r ->
                        r.metricDataQueries(MetricDataQuery.builder().id("a").build())));
        assertEquals("400 MissingRequiredParameterException", refusal(r -> r.startTime(null)));
        assertEquals("400 InvalidNextToken", refusal(r -> r.nextToken("never-issued")));
    }

    @Test
    void refusesWhatEachOtherRuleOfGetMetricDataRulesRefuses() {
        String invalid = "400 InvalidParameterValueException";
        String missing = "400 MissingRequiredParameterException";
        MetricDataQuery a = latency("a", "Sum", 60);
        assertEquals(invalid, refusal(r -> r.scanBy("Sideways")));
        assertEquals(
                missing, refusal(r -> r.metricDataQueries(a.toBuilder().id(null).build())));
        assertEquals(
                invalid,
                refusal(r -> r.metricDataQueries(MetricDataQuery.builder()
                        .id("a")
                        .expression("SEARCH('{NanoWork/test} Latency', 'Sum')")
                        .build())));
        for (Consumer<MetricStat.Builder> without : List.<Consumer<MetricStat.Builder>>of(
                s -> s.metric((Metric) null), s -> s.period(null), s -> s.stat(null)))
            assertEquals(
                    missing,
                    refusal(r -> r.metricDataQueries(a.toBuilder()
                            .metricStat(a.metricStat().toBuilder()
                                    .applyMutation(without)
                                    .build())
                            .build())));
        assertEquals(
                invalid,
                refusal(r -> r.metricDataQueries(a.toBuilder()
                        .metricStat(a.metricStat().toBuilder()
                                .metric(m -> m.metricName("Latency"))
                                .build())
                        .build())));
        List<Dimension> dimensions = IntStream.range(0, 31)
                .mapToObj(i -> Dimension.builder().name("D" + i).value("v").build())
                .toList();
        assertEquals(
                invalid,
                refusal(r -> r.metricDataQueries(a.toBuilder()
                        .metricStat(a.metricStat().toBuilder()
                                .metric(m ->
                                        m.namespace(NS).metricName("Latency").dimensions(dimensions))
                                .build())
                        .build())));
        assertEquals(
                invalid,
                refusal(r -> r.metricDataQueries(a.toBuilder().period(45).build())));
    }

    /** What the SDK's client never sends, refused by the rules themselves. */
    @Test
    void refusesARequestWithoutQueriesOrWithATimeThatIsNotATimestamp() {
        Map<String, Object> query = Map.of(
                "Id",
                "a",
                "MetricStat",
                Map.of("Metric", Map.of("Namespace", NS, "MetricName", "Latency"), "Period", 60L, "Stat", "Sum"));
        Instant end = T0.plusSeconds(600);
        assertEquals("MissingRequiredParameterException", rule(Map.of("StartTime", T0, "EndTime", end)));
        assertEquals(
                "InvalidParameterValueException",
                rule(Map.of("MetricDataQueries", List.of(), "StartTime", T0, "EndTime", end)));
        assertEquals(
                "SerializationException",
                rule(Map.of("MetricDataQueries", List.of(query), "StartTime", T0.toString(), "EndTime", end)));
    }

    static String rule(Map<String, Object> request) {
        return assertThrows(SsmStandIn.Refusal.class, () -> GetMetricDataRules.check(request)).type;
    }

    @Test
    void refusesWhatIsNotARpcV2CborGetMetricData() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<byte[]> json = http.send(
                HttpRequest.newBuilder(URI.create(cloudWatch.endpoint() + CloudWatchStandIn.PATH))
                        .header("Content-Type", "application/x-amz-json-1.0")
                        .POST(HttpRequest.BodyPublishers.ofString("{}"))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(400, json.statusCode());
        assertEquals("UnknownOperationException", Cbor.read(json.body()).get("__type"));
        HttpResponse<byte[]> other = http.send(
                HttpRequest.newBuilder(URI.create(cloudWatch.endpoint()
                                + "/service/GraniteServiceVersion20100801/operation/PutMetricData"))
                        .header("smithy-protocol", "rpc-v2-cbor")
                        .header("Content-Type", "application/cbor")
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals("UnknownOperationException", Cbor.read(other.body()).get("__type"));
    }
}
