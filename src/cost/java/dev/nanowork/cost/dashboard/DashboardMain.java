package dev.nanowork.cost.dashboard;

import dev.nanowork.cost.ChartCanvas;
import dev.nanowork.cost.CostInputException;
import dev.nanowork.cost.ToolMain;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * {@code infra/dashboard.sh}'s entry point: reads a file of records (the functions' stdout, or any file holding their
 * lines among others) and metrics.json's panels, and writes the dashboard they make as a PNG; says on stdout what it
 * drew.
 */
public final class DashboardMain {
    static final String USAGE = """
            usage: dashboard.sh RECORDS.jsonl [--out FILE] [--definitions FILE] [--namespace NAMESPACE]
              RECORDS.jsonl      the functions' lines (other lines are passed over), e.g. target/observe/records.jsonl
              --out FILE         the PNG (default: target/observe/dashboard.png)
              --definitions FILE the panels (default: terraform/modules/work-observe/metrics.json)
              --namespace NS     the metrics' namespace, when the records hold more than one
            """;

    private DashboardMain() {}

    public static void main(String[] args) throws IOException {
        ToolMain.run("dashboard", () -> run(args, System.out));
    }

    static void run(String[] args, PrintStream out) throws IOException {
        Path records = null;
        Path png = Path.of("target/observe/dashboard.png");
        Path definitions = Panels.DEFINITIONS;
        String namespace = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> png = Path.of(value(args, ++i));
                case "--definitions" -> definitions = Path.of(value(args, ++i));
                case "--namespace" -> namespace = value(args, ++i);
                case "-h", "--help" -> {
                    out.print(USAGE);
                    return;
                }
                default -> {
                    if (args[i].startsWith("-") || records != null)
                        throw new CostInputException("unknown argument \"" + args[i] + "\"\n" + USAGE);
                    records = Path.of(args[i]);
                }
            }
        }
        if (records == null) throw new CostInputException("which records? name a file of them\n" + USAGE);
        if (!Files.isReadable(records)) throw new CostInputException(records + ": no such file");
        EmfRecords read = EmfRecords.read(records);
        String ns = namespace(read.namespaces(), namespace, records);
        List<Panels.Panel> panels = Panels.load(definitions);
        Path parent = png.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        ChartCanvas.writePng(DashboardChart.draw(panels, read, ns), png);
        out.println("dashboard: " + DashboardChart.subtitle(panels, read, ns) + " -> " + png);
    }

    /** The namespace asked for, or the records' only one. */
    static String namespace(Set<String> found, String asked, Path records) {
        if (found.isEmpty())
            throw new CostInputException(records + ": no line with EMF metrics (an _aws member with CloudWatchMetrics"
                    + " and dimensions Variant, Action)");
        if (asked != null) {
            if (!found.contains(asked))
                throw new CostInputException(records + ": no metrics in namespace " + asked + "; it holds " + found);
            return asked;
        }
        if (found.size() > 1)
            throw new CostInputException(records + " holds the namespaces " + found + ": choose one with --namespace");
        return found.iterator().next();
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) throw new CostInputException(args[i - 1] + " needs a value\n" + USAGE);
        return args[i];
    }
}
