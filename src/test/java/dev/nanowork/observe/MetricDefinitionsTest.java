package dev.nanowork.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * One source for the metrics' names: the Terraform's definitions (terraform/modules/work-observe/metrics.json, which
 * the dashboard and the alarms are drawn from; its tftest holds every dashboard line and alarm to them) are the
 * functions' own ({@link Metric}): the same names, units, dimensions and actions, so that no panel or alarm waits for a
 * metric nothing writes.
 */
class MetricDefinitionsTest {
    static final Path DEFINITIONS = Path.of("terraform/modules/work-observe/metrics.json");

    @Test
    void theTerraformsMetricsAreTheOnesTheFunctionsWrite() throws Exception {
        JsonNode definitions = new ObjectMapper().readTree(Files.readString(DEFINITIONS));
        assertEquals(described(Arrays.asList(Metric.values())), described(definitions.path("metrics")));
        assertEquals(
                List.of(Metric.VARIANT, Metric.ACTION),
                List.of(
                        definitions.path("dimensions").get(0).asText(),
                        definitions.path("dimensions").get(1).asText()));
        assertEquals(2, definitions.path("dimensions").size());
    }

    @Test
    void aMetricTheFunctionsDoNotWriteIsFound() throws Exception {
        JsonNode definitions =
                new ObjectMapper().readTree(Files.readString(DEFINITIONS).replace("\"Joined\"", "\"Join\""));
        assertTrue(!described(Arrays.asList(Metric.values())).equals(described(definitions.path("metrics"))));
    }

    /** Name -> unit and sorted actions. */
    static Map<String, String> described(List<Metric> metrics) {
        Map<String, String> out = new TreeMap<>();
        for (Metric m : metrics) out.put(m.metricName(), m.unit().wireName() + " " + new TreeSet<>(m.actions()));
        return out;
    }

    static Map<String, String> described(JsonNode metrics) {
        Map<String, String> out = new TreeMap<>();
        for (Map.Entry<String, JsonNode> e : metrics.properties()) {
            Set<String> actions = new TreeSet<>();
            e.getValue().path("actions").forEach(a -> actions.add(a.asText()));
            out.put(e.getKey(), e.getValue().path("unit").asText() + " " + actions);
        }
        return out;
    }
}
