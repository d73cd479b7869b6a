package dev.nanowork.cost;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads hash rates from JSON Lines, one object a line: {@code target}, {@code mhs}, {@code threads},
 * {@code kernel}, optionally {@code source}, {@code cpu_model}, {@code note}, {@code basis} (what a modelled
 * figure stands on, shown in the report's rate column), {@code lanes}, {@code states}.
 * A line of {@code infra/bench.sh} output has no target: it is taken as {@code local-<kernel>}, measured
 * locally, so bench output can be appended as it is.
 */
public final class RatesFile {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String LOCAL_PREFIX = "local-";

    private RatesFile() {}

    public static List<Rate> load(Path file) throws IOException {
        return parse(Files.readString(file), file.toString());
    }

    public static List<Rate> parse(String jsonLines, String origin) {
        List<Rate> rates = new ArrayList<>();
        String[] lines = jsonLines.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) continue;
            rates.add(parseLine(line, origin + " line " + (i + 1)));
        }
        return List.copyOf(rates);
    }

    private static Rate parseLine(String line, String at) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new CostInputException(at + ": not valid JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) throw new CostInputException(at + ": not a JSON object");
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
