package dev.nanowork.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.EmfSpec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The EMF check refuses each thing the specification refuses, and passes a line this project writes. */
class EmfSpecTest {
    static final String GOOD =
            "{\"Variant\":\"arm64\",\"Action\":\"worker\",\"Latency\":12.5,\"_aws\":{\"Timestamp\":1,"
                    + "\"CloudWatchMetrics\":[{\"Namespace\":\"NanoWork\",\"Dimensions\":[[\"Variant\",\"Action\"]],"
                    + "\"Metrics\":[{\"Name\":\"Latency\",\"Unit\":\"Milliseconds\"}]}]}}";

    @Test
    void aWellFormedLinePasses() {
        assertEquals(List.of(), EmfSpec.violations(GOOD));
        String line = new String(
                EmfLine.of("NanoWork", "arm64", "worker", 1)
                        .metric(Metric.LATENCY, 3)
                        .bytes(),
                StandardCharsets.UTF_8);
        assertEquals(List.of(), EmfSpec.violations(line.strip()));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "\"Latency\":12.5,|\"Latency\":\"12.5\",|not a number",
                "\"Unit\":\"Milliseconds\"|\"Unit\":\"Millis\"|not one of CloudWatch",
                "\"Namespace\":\"NanoWork\"|\"Namespace\":\"\"|Namespace must be",
                "\"Timestamp\":1,|\"Timestamp\":\"1\",|Timestamp is not a number",
                "\"Variant\":\"arm64\",||dimension \"Variant\" has no string member",
                "\"Latency\":12.5,|\"Latency\":[1,\"x\"],|a value that is no number",
                "\"Unit\":\"Milliseconds\"|\"Unit\":\"Milliseconds\",\"StorageResolution\":5|not 1 or 60",
                "\"Dimensions\":[[\"Variant\",\"Action\"]]|\"Dimensions\":[\"Variant\"]|not an array",
                "\"Metrics\":[{\"Name\":\"Latency\"|\"Metrics\":[{\"Nom\":\"Latency\"|without a Name",
                "\"_aws\"|\"aws\"|no _aws metadata",
                "\"Latency\":12.5,|\"Latency\":12.5,,|not one JSON object",
            })
    void eachRuleRefusesWhatCloudWatchRefuses(String from, String to, String expected) {
        String planted = GOOD.replace(from, to == null ? "" : to);
        List<String> found = EmfSpec.violations(planted);
        assertTrue(found.stream().anyMatch(v -> v.contains(expected)), planted + " -> " + found);
    }

    @Test
    void theCountsTheSpecificationBoundsAreHeld() {
        StringBuilder members = new StringBuilder("{");
        StringBuilder definitions = new StringBuilder();
        StringBuilder dimensions = new StringBuilder();
        for (int i = 0; i < 101; i++) {
            members.append("\"M").append(i).append("\":1,");
            definitions
                    .append(i == 0 ? "" : ",")
                    .append("{\"Name\":\"M")
                    .append(i)
                    .append("\"}");
        }
        for (int i = 0; i < 31; i++) {
            members.append("\"D").append(i).append("\":\"v\",");
            dimensions.append(i == 0 ? "" : ",").append("\"D").append(i).append('"');
        }
        String line = members + "\"M0\":1,\"_aws\":{\"Timestamp\":1,\"CloudWatchMetrics\":[{\"Namespace\":\"N\","
                + "\"Dimensions\":[[" + dimensions + "]],\"Metrics\":[" + definitions + ",{\"Name\":\"M0\"}]}]}}";
        List<String> found = EmfSpec.violations(line);
        assertTrue(found.contains("102 metrics in one directive"), found.toString());
        assertTrue(found.contains("a DimensionSet of 31 dimensions"), found.toString());
        assertTrue(found.contains("metric \"M0\" defined twice"), found.toString());
        assertTrue(
                EmfSpec.violations("{\"x\":\"" + "a".repeat(256 * 1024) + "\"}").contains("event over 262144 bytes"));
    }
}
