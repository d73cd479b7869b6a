package dev.nanowork.cost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The measured rates-and-latency file (JSON Lines, {@code infra/rates/measured.jsonl}): one {@link Measured} a line,
 * {@code "source": "measured-stack"}, as {@code infra/measured-cost.sh} writes it and {@code infra/cost.sh} reads it.
 * Figures in the units a reader checks them in: MH/s, seconds, milliseconds of duration, dollars.
 */
public final class MeasuredFile {
    static final String SOURCE = "measured-stack";
    private static final ObjectMapper JSON = new ObjectMapper();

    private MeasuredFile() {}

    public static String write(List<Measured> measured) {
        StringBuilder out = new StringBuilder();
        for (Measured m : measured) {
            ObjectNode n = JSON.createObjectNode()
                    .put("target", m.target())
                    .put("source", SOURCE)
                    .put("variant", m.variant())
                    .put("namespace", m.namespace())
                    .put("from", m.from())
                    .put("to", m.to())
                    .put("works", m.works())
                    .put("mhs", m.mhs())
                    .put("worker_mhs", m.workerMhs())
                    .put("mean_s", m.meanSeconds())
                    .put("p50_s", m.p50Seconds())
                    .put("p99_s", m.p99Seconds())
                    .put("deadlines", m.deadlines())
                    .put("workers_asked", m.workersAsked())
                    .put("generate_ms", m.generateMs())
                    .put("generate_invocations", m.generateInvocations())
                    .put("worker_ms", m.workerMs())
                    .put("worker_invocations", m.workerInvocations())
                    .put("read_units", m.readUnits())
                    .put("write_units", m.writeUnits())
                    .put("cost_per_work", m.costPerWork())
                    .put("pricing", m.pricing());
            if (!Double.isFinite(m.workerMhs())) n.putNull("worker_mhs");
            out.append(n).append('\n');
        }
        return out.toString();
    }

    public static List<Measured> parse(String jsonLines, String origin) {
        return JsonFields.lines(jsonLines, origin, MeasuredFile::parseLine);
    }

    private static Measured parseLine(JsonNode n, String at) {
        JsonFields f = new JsonFields(at);
        if (!SOURCE.equals(f.text(n, "", "source")))
            throw f.refuse("source", "is not \"" + SOURCE + "\" (a rates line goes to --rates)");
        return new Measured(
                f.text(n, "", "variant"),
                f.text(n, "", "target"),
                f.text(n, "", "namespace"),
                f.text(n, "", "from"),
                f.text(n, "", "to"),
                f.positiveInt(n, "", "works"),
                f.positive(n, "", "mhs"),
                n.path("worker_mhs").isNumber() ? n.get("worker_mhs").asDouble() : Double.NaN,
                f.positive(n, "", "mean_s"),
                f.positive(n, "", "p50_s"),
                f.positive(n, "", "p99_s"),
                (long) f.nonNegative(n, "", "deadlines"),
                (long) f.nonNegative(n, "", "workers_asked"),
                f.nonNegative(n, "", "generate_ms"),
                (long) f.nonNegative(n, "", "generate_invocations"),
                f.nonNegative(n, "", "worker_ms"),
                (long) f.nonNegative(n, "", "worker_invocations"),
                f.nonNegative(n, "", "read_units"),
                f.nonNegative(n, "", "write_units"),
                f.positive(n, "", "cost_per_work"),
                f.text(n, "", "pricing"));
    }
}
