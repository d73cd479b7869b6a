package dev.nanowork.cost;

import dev.nanowork.aws.AwsClients;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.Dimension;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataRequest;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataResponse;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataQuery;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataResult;
import software.amazon.awssdk.services.cloudwatch.model.ScanBy;

/**
 * {@link StackMetrics} through CloudWatch's {@code GetMetricData} (AWS SDK for Java v2, built as every AWS client is:
 * {@link AwsClients}, the default credential chain): at most 500 queries a call, the API's limit, and every page of
 * each, following {@code NextToken} until CloudWatch gives none.
 */
public final class CloudWatchMetrics implements StackMetrics, AutoCloseable {
    /** API Reference, "GetMetricData": "as many as 500 different metrics in a single request". */
    static final int QUERIES_PER_CALL = 500;

    private final CloudWatchClient client;
    private final Integer maxDatapoints;
    private int calls;

    /**
     * @param maxDatapoints datapoints per page, null for CloudWatch's default (100,800)
     */
    public CloudWatchMetrics(CloudWatchClient client, Integer maxDatapoints) {
        this.client = client;
        this.maxDatapoints = maxDatapoints;
    }

    /** A client for {@code region} on the default credential chain (and {@code AWS_ENDPOINT_URL_CLOUDWATCH}). */
    public static CloudWatchMetrics of(String region) {
        return new CloudWatchMetrics(
                AwsClients.build(
                        CloudWatchClient.builder().region(Region.of(region)),
                        Duration.ofSeconds(5),
                        Duration.ofSeconds(60)),
                null);
    }

    @Override
    public Map<String, List<Double>> read(List<Query> queries, Instant from, Instant to) {
        Map<String, List<Double>> values = new HashMap<>();
        for (int i = 0; i < queries.size(); i += QUERIES_PER_CALL) {
            List<MetricDataQuery> batch = queries.subList(i, Math.min(queries.size(), i + QUERIES_PER_CALL)).stream()
                    .map(CloudWatchMetrics::query)
                    .toList();
            String token = null;
            do {
                GetMetricDataRequest request = GetMetricDataRequest.builder()
                        .metricDataQueries(batch)
                        .startTime(from)
                        .endTime(to)
                        .scanBy(ScanBy.TIMESTAMP_ASCENDING)
                        .maxDatapoints(maxDatapoints)
                        .nextToken(token)
                        .build();
                GetMetricDataResponse page = client.getMetricData(request);
                calls++;
                for (MetricDataResult r : page.metricDataResults())
                    values.computeIfAbsent(r.id(), id -> new ArrayList<>()).addAll(r.values());
                token = page.nextToken();
            } while (token != null);
        }
        return values;
    }

    /** GetMetricData calls made so far (one per page). */
    public int calls() {
        return calls;
    }

    private static MetricDataQuery query(Query q) {
        return MetricDataQuery.builder()
                .id(q.id())
                .metricStat(s -> s.metric(m -> m.namespace(q.namespace())
                                .metricName(q.name())
                                .dimensions(q.dimensions().entrySet().stream()
                                        .map(d -> Dimension.builder()
                                                .name(d.getKey())
                                                .value(d.getValue())
                                                .build())
                                        .toList()))
                        .period(q.period())
                        .stat(q.stat()))
                .returnData(true)
                .build();
    }

    @Override
    public void close() {
        client.close();
    }
}
