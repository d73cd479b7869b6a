package dev.nanowork.cost;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Loads hash rates from JSON Lines, one object a line: {@code target}, {@code mhs}, {@code threads},
 * {@code kernel}, optionally {@code source}, {@code cpu_model}, {@code note}, {@code basis} (what a modelled
 * figure stands on, shown in the report's rate column), {@code lanes}, {@code states}.
 * A line of {@code infra/bench.sh} output has no target: it is taken as {@code local-<kernel>}, measured
 * locally, so bench output can be appended as it is.
 */
public final class RatesFile {
    static final String LOCAL_PREFIX = "local-";

    private RatesFile() {}

    public static List<Rate> load(Path file) throws IOException {
        return parse(Files.readString(file), file.toString());
    }

    public static List<Rate> parse(String jsonLines, String origin) {
        return JsonFields.lines(jsonLines, origin, RatesFile::parseLine);
    }

    private static Rate parseLine(JsonNode node, String at) {
        JsonFields f = new JsonFields(at);
        String kernel = f.text(node, "", "kernel");
        String target = node.hasNonNull("target") ? f.text(node, "", "target") : LOCAL_PREFIX + kernel;
        String sourceName = f.optionalText(node, "source");
        RateSource source;
        if (sourceName == null) {
            source = target.startsWith(LOCAL_PREFIX) ? RateSource.MEASURED_LOCAL : RateSource.USER;
        } else {
            source = RateSource.fromWire(sourceName);
            if (source == null) {
                throw f.refuse(
                        "source",
                        "is \"" + sourceName + "\", not one of measured-local, measured-deployed, user, modelled");
            }
        }
        return new Rate(
                target,
                f.positive(node, "", "mhs"),
                f.positiveInt(node, "", "threads"),
                kernel,
                source,
                f.optionalText(node, "cpu_model"),
                f.optionalText(node, "note"),
                f.optionalText(node, "basis"));
    }
}
