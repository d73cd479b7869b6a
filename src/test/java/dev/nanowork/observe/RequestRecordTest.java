package dev.nanowork.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.support.EmfSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each request's line: the record's members as they happened, its metrics valid EMF and only where they apply. */
class RequestRecordTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String ROOT = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";

    @Test
    void aFoundWorkCarriesWhatItsSearchDidAndPassesTheSpecification() throws Exception {
        RequestRecord record = new RequestRecord("req-1", "nano-work-arm64", 1_000_000_000L);
        record.action("work_generate");
        record.asked(ROOT, "fffffff800000000");
        SearchTally tally = new SearchTally();
        tally.recordState(SearchTally.CLAIMED);
        tally.asked(3);
        tally.started();
        tally.started();
        tally.throttled();
        record.tally(tally);
        record.searched(40_000_000, 2_000_000_000L, "fffffffa1b2c3d4e");
        record.outcome(RequestRecord.Outcome.FOUND, null);
        record.outcome(RequestRecord.Outcome.REFUSED, "later"); // the first outcome stands
        record.sender("1a2b3c4d", "203.0.113.7");
        JsonNode line = line(record, 1_250_000_000L, true);

        assertEquals("req-1", line.path("request_id").asText());
        assertEquals("nano-work-arm64", line.path("function").asText());
        assertEquals("work_generate", line.path("Action").asText());
        assertEquals("arm64", line.path("Variant").asText());
        assertEquals("found", line.path("outcome").asText());
        assertFalse(line.has("why"), line.toString());
        assertEquals(ROOT, line.path("root").asText());
        assertEquals("fffffff800000000", line.path("difficulty_asked").asText());
        assertEquals("fffffffa1b2c3d4e", line.path("difficulty_reached").asText());
        assertEquals(40_000_000, line.path("attempts").asLong());
        assertEquals(20_000_000, line.path("hashes_per_second").asLong());
        assertEquals(250.0, line.path("wall_ms").asDouble());
        assertEquals("1a2b3c4d", line.path("key_id").asText());
        assertEquals("203.0.113.7", line.path("viewer").asText());
        assertEquals(
                List.of("claimed"), List.of(line.path("record_states").get(0).asText()));
        assertEquals(3, line.path("workers_asked").asInt());
        assertEquals(2, line.path("workers_started").asInt());
        assertEquals(1, line.path("workers_throttled").asInt());
        assertEquals(0, line.path("workers_failed").asInt());
        // the metrics, under the same line's directive
        assertEquals(250, line.path("Latency").asInt());
        assertEquals(1, line.path("Found").asInt());
        assertEquals(1, line.path("ColdStart").asInt());
        assertEquals(40_000_000, line.path("Attempts").asLong());
        assertEquals(20_000_000, line.path("HashRate").asLong());
        assertEquals(3, line.path("WorkersAsked").asInt());
        assertEquals(1, line.path("WorkersThrottled").asInt());
        assertFalse(line.has("Refused"), "one outcome counter per record: " + line);
    }

    @Test
    void anActionReportsOnlyItsMetrics() throws Exception {
        RequestRecord validate = new RequestRecord("req-2", "f", 0);
        validate.action("work_validate");
        validate.outcome(RequestRecord.Outcome.ANSWERED, null);
        JsonNode line = line(validate, 1_000_000, false);
        assertEquals(1, line.path("Answered").asInt());
        assertEquals(0, line.path("ColdStart").asInt());
        for (String absent : List.of("Attempts", "HashRate", "WorkersAsked", "workers_asked", "key_id"))
            assertFalse(line.has(absent), absent + " in " + line);

        RequestRecord worker = new RequestRecord("req-3", "f", 0);
        worker.action("worker");
        worker.tally(new SearchTally());
        worker.searched(5, 1000, null);
        worker.outcome(RequestRecord.Outcome.STOPPED, null);
        JsonNode w = line(worker, 1_000_000, false);
        assertEquals(1, w.path("Stopped").asInt());
        // Planted: the workers_* members written for every tally: a worker's record carried them at 0.
        for (String absent : List.of("WorkersAsked", "workers_asked", "workers_started", "workers_failed"))
            assertFalse(w.has(absent), absent + " in " + w);
        assertTrue(w.has("record_reads"), "the tally's own members stay: " + w);

        // A worker whose search was over when it started tried nothing: it has attempts 0 and no rate at all.
        RequestRecord idle = new RequestRecord("req-5", "f", 0);
        idle.action("worker");
        idle.searched(0, 80_000_000, null);
        idle.outcome(RequestRecord.Outcome.STOPPED, null);
        JsonNode i = line(idle, 100_000_000, false);
        assertEquals(0, i.path("Attempts").asLong(), i.toString());
        assertFalse(i.has("HashRate"), i.toString());
    }

    @Test
    void aRefusalSaysWhyAndAnUnreadableKeyStoreCounts() throws Exception {
        RequestRecord record = new RequestRecord("req-4", "f", 0);
        record.action("no such action");
        record.keyStoreFailed();
        record.outcome(RequestRecord.Outcome.REFUSED, "Key unavailable");
        JsonNode line = line(record, 0, false);
        assertEquals("unknown", line.path("Action").asText());
        assertEquals("refused", line.path("outcome").asText());
        assertEquals("Key unavailable", line.path("why").asText());
        assertEquals(1, line.path("Refused").asInt());
        assertEquals(1, line.path("KeyStoreFailures").asInt());
        assertEquals(
                "failed",
                line(new RequestRecord("r", "f", 0), 0, false).path("outcome").asText());
    }

    @Test
    void theWriterWritesOneLineARecordAndSaysColdStartOnce() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RecordWriter writer =
                new RecordWriter("NanoWork/test", "x86_64", new PrintStream(out, true, StandardCharsets.UTF_8));
        for (int i = 0; i < 2; i++) {
            RequestRecord record = new RequestRecord("req-" + i, "f", System.nanoTime());
            record.outcome(RequestRecord.Outcome.ANSWERED, null);
            record.action("status");
            writer.write(record);
        }
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(2, lines.length, out.toString(StandardCharsets.UTF_8));
        assertEquals(1, JSON.readTree(lines[0]).path("ColdStart").asInt());
        assertEquals(0, JSON.readTree(lines[1]).path("ColdStart").asInt());
        for (String l : lines) assertEquals(List.of(), EmfSpec.violations(l));
        assertEquals(
                "NanoWork/test",
                JSON.readTree(lines[0])
                        .at("/_aws/CloudWatchMetrics/0/Namespace")
                        .asText());
        assertThrows(IllegalArgumentException.class, () -> new RecordWriter("Nano Work", "x", System.out));
        assertEquals(
                "nano-work-x86_64", RecordWriter.functionName(Map.of("AWS_LAMBDA_FUNCTION_NAME", "nano-work-x86_64")));
        assertEquals("self-hosted", RecordWriter.functionName(Map.of()));
    }

    /** The Variant dimension: configured, else on Lambda the architecture as Lambda names it, else self-hosted. */
    @Test
    void theVariantIsTheConfiguredOneElseLambdasArchitecture() {
        Map<String, String> lambda = Map.of("AWS_LAMBDA_FUNCTION_NAME", "nano-work-generate");
        assertEquals("lmi-c7i", RecordWriter.variant(Optional.of("lmi-c7i"), lambda, "amd64"));
        assertEquals("x86_64", RecordWriter.variant(Optional.empty(), lambda, "amd64"));
        assertEquals("arm64", RecordWriter.variant(Optional.empty(), lambda, "aarch64"));
        assertEquals("self-hosted", RecordWriter.variant(Optional.empty(), Map.of(), "aarch64"));
    }

    @Test
    void aSearchRunsWithinItsTally() {
        SearchTally tally = new SearchTally();
        SearchTally seen = SearchTally.within(tally, SearchTally::current);
        assertSame(tally, seen);
        assertNotSame(tally, SearchTally.current(), "outside the search a fresh tally");
        tally.recordFailed();
        tally.failed();
        assertEquals(1, tally.recordFailures());
        assertEquals(1, tally.workersFailed());
        assertTrue(!tally.saw(SearchTally.JOINED));
    }

    static JsonNode line(RequestRecord record, long nowNanos, boolean coldStart) throws Exception {
        String text = new String(
                        record.line("NanoWork", "arm64", nowNanos, 1_700_000_000_000L, coldStart)
                                .bytes(),
                        StandardCharsets.UTF_8)
                .strip();
        assertEquals(List.of(), EmfSpec.violations(text), text);
        assertFalse(text.contains("\n"), "one line");
        return JSON.readTree(text);
    }
}
