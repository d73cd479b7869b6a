package dev.nanowork.cost.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.cost.JsonFields;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The dashboard's panels as terraform/modules/work-observe/metrics.json defines them (the same definitions the
 * Terraform draws the CloudWatch dashboard from): a title, and either lines of the functions' metrics (metric, action,
 * statistic, each value divided by the line's or the panel's {@code divide_by}) or {@code aws}, a panel drawn from
 * AWS's own metrics, which no file of records holds.
 */
final class Panels {
    static final Path DEFINITIONS = Path.of("terraform/modules/work-observe/metrics.json");

    /** A panel: {@code aws} names AWS's metrics it draws (lines then empty), null for the functions' own. */
    record Panel(String title, String aws, List<Line> lines) {
        Panel {
            lines = List.copyOf(lines);
        }
    }

    record Line(String metric, String action, Statistic stat, double divideBy) {
        /** As the legend names it: metric · action · stat. */
        String label() {
            return metric + " · " + action + " · " + stat.name();
        }
    }

    private Panels() {}

    static List<Panel> load(Path file) throws IOException {
        JsonNode root = new ObjectMapper().readTree(Files.readString(file));
        JsonFields f = new JsonFields(file.toString());
        List<Panel> panels = new ArrayList<>();
        JsonNode list = f.array(root, "", "panels");
        for (int i = 0; i < list.size(); i++) {
            JsonNode p = list.get(i);
            String at = "panels[" + i + "]";
            String title = f.text(p, at, "title");
            String aws = f.optionalText(p, "aws");
            if (aws != null) {
                panels.add(new Panel(title, aws, List.of()));
                continue;
            }
            double panelDivisor = p.has("divide_by") ? f.positive(p, at, "divide_by") : 1;
            List<Line> lines = new ArrayList<>();
            JsonNode ls = f.array(p, at, "lines");
            for (int j = 0; j < ls.size(); j++) {
                JsonNode l = ls.get(j);
                String lat = at + ".lines[" + j + "]";
                double divisor = l.has("divide_by") ? f.positive(l, lat, "divide_by") : panelDivisor;
                lines.add(new Line(
                        f.text(l, lat, "metric"),
                        f.text(l, lat, "action"),
                        Statistic.parse(f.text(l, lat, "stat")),
                        divisor));
            }
            panels.add(new Panel(title, null, lines));
        }
        return panels;
    }
}
