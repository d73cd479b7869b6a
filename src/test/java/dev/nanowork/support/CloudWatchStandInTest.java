package dev.nanowork.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nanowork.support.SsmStandIn.Issued;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.CloudWatchException;
import software.amazon.awssdk.services.cloudwatch.model.Dimension;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataRequest;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataResponse;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataQuery;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataResult;
import software.amazon.awssdk.services.cloudwatch.model.ScanBy;

/**
 * The CloudWatch stand-in answers GetMetricData as CloudWatch documents it, to the SDK's own client (RPC v2 CBOR), from
 * EMF lines as the functions print them, and only to a request signed by a key it issued; what it refuses is {@link
 * GetMetricDataRulesTest}.
 */
class CloudWatchStandInTest {
    static final Issued ROLE = new Issued("ASIACLOUDWATCH", "secret", "session");
    static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");
    static final String NS = "NanoWork/test";

    CloudWatchStandIn cloudWatch;
    CloudWatchClient client;

    @BeforeEach
    void start() throws Exception {
        cloudWatch = new CloudWatchStandIn("us-east-1");
        cloudWatch.issue(ROLE);
        // Ten minutes of a work a minute, latency 100 ms x (minute + 1), as the functions' EMF lines carry it.
        for (int minute = 0; minute < 10; minute++)
            cloudWatch.emf(
                    "{\"request_id\":\"r" + minute + "\",\"outcome\":\"found\",\"Variant\":\"arm64\","
                            + "\"Action\":\"work_generate\",\"Latency\":" + (100 * (minute + 1)) + ",\"Found\":1,"
                            + "\"_aws\":{\"Timestamp\":"
                            + T0.plusSeconds(60L * minute + 5).toEpochMilli()
                            + ",\"CloudWatchMetrics\":[{\"Namespace\":\"" + NS
                            + "\",\"Dimensions\":[[\"Variant\",\"Action\"]],"
                            + "\"Metrics\":[{\"Name\":\"Latency\",\"Unit\":\"Milliseconds\"},{\"Name\":\"Found\",\"Unit\":\"Count\"}]}]}}");
        cloudWatch.emf("{\"message\":\"a plain log line, no _aws: no metric\"}");
        client = client(ROLE);
    }

    @AfterEach
    void stop() {
        client.close();
        cloudWatch.close();
    }

    CloudWatchClient client(Issued who) {
        return client(cloudWatch, who);
    }

    static CloudWatchClient client(CloudWatchStandIn cloudWatch, Issued who) {
        return CloudWatchClient.builder()
                .region(Region.US_EAST_1)
                .endpointOverride(URI.create(cloudWatch.endpoint()))
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsSessionCredentials.create(who.accessKeyId(), who.secretKey(), who.sessionToken())))
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .overrideConfiguration(o -> o.apiCallTimeout(Duration.ofSeconds(10)))
                .build();
    }

    static MetricDataQuery latency(String id, String stat, int period) {
        return MetricDataQuery.builder()
                .id(id)
                .metricStat(s -> s.metric(m -> m.namespace(NS)
                                .metricName("Latency")
                                .dimensions(
                                        Dimension.builder()
                                                .name("Variant")
                                                .value("arm64")
                                                .build(),
                                        Dimension.builder()
                                                .name("Action")
                                                .value("work_generate")
                                                .build()))
                        .period(period)
                        .stat(stat))
                .build();
    }

    static GetMetricDataRequest.Builder window(MetricDataQuery... queries) {
        return GetMetricDataRequest.builder()
                .startTime(T0)
                .endTime(T0.plus(Duration.ofMinutes(10)))
                .metricDataQueries(queries);
    }

    @Test
    void answersEachPeriodsStatisticFromTheEmfLinesNewestFirstUnlessAskedAscending() {
        GetMetricDataResponse answer = client.getMetricData(
                window(latency("sum", "Sum", 60), latency("p90", "p90", 600)).build());
        MetricDataResult sum = answer.metricDataResults().get(0);
        assertEquals(List.of(1000.0, 900.0, 800.0, 700.0, 600.0, 500.0, 400.0, 300.0, 200.0, 100.0), sum.values());
        assertEquals(T0.plusSeconds(540), sum.timestamps().getFirst());
        assertEquals("Complete", sum.statusCodeAsString());
        assertEquals(List.of(900.0), answer.metricDataResults().get(1).values()); // nearest rank 9 of 10
        MetricDataResult ascending = client.getMetricData(window(latency("n", "SampleCount", 300))
                        .scanBy(ScanBy.TIMESTAMP_ASCENDING)
                        .build())
                .metricDataResults()
                .getFirst();
        assertEquals(List.of(5.0, 5.0), ascending.values());
        assertEquals(List.of(T0, T0.plusSeconds(300)), ascending.timestamps());
    }

    @Test
    void pagesByMaxDatapointsOverEveryQueryUntilNoNextToken() {
        List<Double> seen = new ArrayList<>();
        List<String> statuses = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
            GetMetricDataResponse page =
                    client.getMetricData(window(latency("a", "Sum", 60), latency("b", "Maximum", 60))
                            .maxDatapoints(7)
                            .scanBy(ScanBy.TIMESTAMP_ASCENDING)
                            .nextToken(token)
                            .build());
            pages++;
            page.metricDataResults().forEach(r -> {
                seen.addAll(r.values());
                statuses.add(r.id() + ":" + r.statusCodeAsString());
            });
            token = page.nextToken();
        } while (token != null);
        assertEquals(3, pages); // 20 datapoints, 7 a page
        assertEquals(20, seen.size());
        assertEquals(
                List.of("a:PartialData", "b:PartialData", "a:Complete", "b:PartialData", "a:Complete", "b:Complete"),
                statuses);
        assertEquals(
                List.of(7, 7, 6),
                cloudWatch.seen().stream()
                        .map(CloudWatchStandIn.Seen::datapoints)
                        .toList());
    }

    @Test
    void leavesOutTheResultOfAQueryWhoseReturnDataIsFalse() {
        GetMetricDataResponse answer = client.getMetricData(
                window(latency("a", "Sum", 60).toBuilder().returnData(false).build(), latency("b", "Sum", 600))
                        .build());
        assertEquals(
                List.of("b"),
                answer.metricDataResults().stream().map(MetricDataResult::id).toList());
        assertNull(answer.nextToken());
    }

    @Test
    void acceptsTheHighResolutionPeriodsAndMultiplesOf60() {
        for (int period : new int[] {1, 5, 10, 20, 30, 60, 120, 600})
            assertEquals(
                    1,
                    client.getMetricData(window(latency("a", "Sum", period)).build())
                            .metricDataResults()
                            .size());
    }

    @Test
    void refusesARequestNotSignedByAKeyItIssuedOrSignedWithAnotherSecret() {
        try (CloudWatchClient stranger = client(new Issued("ASIASTRANGER", "secret", "session"));
                CloudWatchClient forger = client(new Issued(ROLE.accessKeyId(), "not-the-secret", "session"))) {
            CloudWatchException unknown = assertThrows(
                    CloudWatchException.class,
                    () -> stranger.getMetricData(window(latency("a", "Sum", 60)).build()));
            assertEquals(
                    "UnrecognizedClientException", unknown.awsErrorDetails().errorCode());
            CloudWatchException forged = assertThrows(
                    CloudWatchException.class,
                    () -> forger.getMetricData(window(latency("a", "Sum", 60)).build()));
            assertEquals("InvalidSignatureException", forged.awsErrorDetails().errorCode());
        }
    }
}
