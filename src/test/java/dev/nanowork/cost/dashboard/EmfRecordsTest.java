package dev.nanowork.cost.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Lines read as CloudWatch Logs reads the Embedded Metric Format; what it would pass over is passed over. */
class EmfRecordsTest {
    /** A line of {@code members} whose one directive names Latency and Found under {@code dimensions}. */
    private static String line(String dimensions, String members) {
        return "{" + members + ",\"_aws\":{\"Timestamp\":1000,\"CloudWatchMetrics\":[{\"Namespace\":\"N\","
                + "\"Dimensions\":[" + dimensions + "],\"Metrics\":[{\"Name\":\"Latency\",\"Unit\":\"Milliseconds\"},"
                + "{\"Name\":\"Found\",\"Unit\":\"Count\"}]}]}}";
    }

    @Test
    void metricsOfTheLinesAndOtherLinesPassedOver() {
        EmfRecords records = EmfRecords.parse(List.of(
                "START RequestId: 1 Version: $LATEST",
                "{\"level\":\"INFO\",\"message\":\"no _aws\"}",
                "{\"_aws\":{\"Timestamp\":1000}}",
                "",
                line(
                        "[\"Variant\",\"Action\"]",
                        "\"Variant\":\"x\",\"Action\":\"worker\",\"Latency\":[1,2,3],\"Found\":1"),
                line("[\"Variant\",\"Action\"]", "\"Variant\":\"x\",\"Action\":\"worker\",\"Latency\":\"slow\""),
                line("[\"Variant\"]", "\"Variant\":\"y\",\"Action\":\"worker\",\"Latency\":5")));
        assertEquals(3, records.metricLines());
        assertEquals(3, records.otherLines(), "the blank line is no line at all");
        assertEquals(
                List.of(
                        new Datum("N", "x", "worker", "Latency", 1000, List.of(1.0, 2.0, 3.0)),
                        new Datum("N", "x", "worker", "Found", 1000, List.of(1.0))),
                records.data(),
                "an array is its values; a string is no value; another dimension set is not the panels'");
        assertEquals(Set.of("N"), records.namespaces());
        assertEquals(Set.of("x"), records.variants("N"));
    }

    @Test
    void theLinesRequestRecordWritesAreRead() {
        EmfRecords records = EmfRecords.parse(SampleRun.run(30));
        assertEquals(Set.of(SampleRun.NAMESPACE), records.namespaces());
        assertEquals(Set.of("arm64", "x86_64"), records.variants(SampleRun.NAMESPACE));
        long generates = SampleRun.run(30).stream()
                .filter(l -> l.contains("\"Action\":\"work_generate\""))
                .count();
        assertEquals(
                generates,
                records.data().stream()
                        .filter(d -> d.metric().equals("Latency") && d.action().equals("work_generate"))
                        .count());
    }
}
