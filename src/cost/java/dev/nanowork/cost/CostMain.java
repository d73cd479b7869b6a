package dev.nanowork.cost;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code infra/cost.sh}'s entry point: reads a pricing file and rates, writes {@code cost.md}, {@code cost.csv},
 * {@code cost-fan-out.csv} and {@code cost-chart.png} to the output folder, and with {@code --docs} refreshes
 * {@code docs/cost.md}'s table and {@code docs/cost-chart.png}. Says each step on stderr as it starts (stdout keeps
 * the results), so that a run is never silent.
 */
public final class CostMain {
    static final String USAGE = """
            usage: cost.sh [--rates FILE]... [--pricing FILE] [--difficulty D] [--out DIR] [--measured FILE] [--docs]
              --rates FILE     JSON Lines of hash rates; repeatable (default: infra/rates/default.jsonl,
                               then infra/rates/deployed.jsonl when it exists; later lines win)
              --pricing FILE   pricing file (default: infra/pricing/aws-us-east-1.json)
              --difficulty D   send | receive | epoch1 | 16 hex digits | multiplier (default: send)
              --out DIR        where to write cost.md, cost.csv, cost-fan-out.csv, cost-chart.png
                               (default: target/cost)
              --measured FILE  a deployed stack's measured rows (infra/measured-cost.sh; default:
                               infra/rates/measured.jsonl when it exists), drawn solid beside the modelled
              --docs           also refresh docs/cost.md's table and docs/cost-chart.png
            """;

    /** Where infra/measured-cost.sh writes by default, read when present. */
    static final String MEASURED_DEFAULT = "infra/rates/measured.jsonl";

    private CostMain() {}

    public static void main(String[] args) throws IOException {
        ToolMain.run("cost", () -> run(args, System.err));
    }

    static void run(String[] args) throws IOException {
        run(args, System.err);
    }

    static void run(String[] args, PrintStream progress) throws IOException {
        Steps steps = new Steps(progress);
        List<Path> rateFiles = new ArrayList<>();
        Path pricingFile = Path.of("infra/pricing/aws-us-east-1.json");
        String difficulty = "send";
        Path out = Path.of("target/cost");
        boolean docs = false;
        Path measuredFile = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rates" -> rateFiles.add(Path.of(value(args, ++i, USAGE)));
                case "--pricing" -> pricingFile = Path.of(value(args, ++i, USAGE));
                case "--difficulty" -> difficulty = value(args, ++i, USAGE);
                case "--out" -> out = Path.of(value(args, ++i, USAGE));
                case "--measured" -> measuredFile = Path.of(value(args, ++i, USAGE));
                case "--docs" -> docs = true;
                case "-h", "--help" -> {
                    System.out.print(USAGE);
                    return;
                }
                default -> throw new CostInputException("unknown argument \"" + args[i] + "\"\n" + USAGE);
            }
        }
        if (rateFiles.isEmpty()) {
            rateFiles.add(Path.of("infra/rates/default.jsonl"));
            Path deployed = Path.of("infra/rates/deployed.jsonl");
            if (Files.exists(deployed)) rateFiles.add(deployed);
        }
        steps.say("reading the rates " + rateFiles + " and the prices " + pricingFile);
        List<Rate> rates = new ArrayList<>();
        for (Path file : rateFiles) rates.addAll(RatesFile.load(file));

        if (measuredFile == null && Files.exists(Path.of(MEASURED_DEFAULT))) measuredFile = Path.of(MEASURED_DEFAULT);
        List<Measured> measured = measuredFile == null
                ? List.of()
                : MeasuredFile.parse(Files.readString(measuredFile), measuredFile.toString());
        if (measuredFile != null) steps.say("reading " + measured.size() + " measured rows from " + measuredFile);
        TargetCatalog catalog = new TargetCatalog(PricingFile.load(pricingFile));
        steps.say("modelling " + catalog.targets().size() + " targets at " + difficulty + " and their fan-out");
        CostReport report =
                CostReport.build(catalog, new RateModel(catalog, rates), DifficultyInput.parse(difficulty), measured);

        Files.createDirectories(out);
        steps.say("writing " + report.estimates().size() + " target rows and "
                + report.fanOut().size() + " fan-out rows to " + out + " (cost.md, cost.csv, " + CsvReport.FAN_OUT_FILE
                + ")");
        String table = MarkdownTable.render(report);
        Files.writeString(out.resolve("cost.md"), table);
        Files.writeString(out.resolve("cost.csv"), CsvReport.render(report));
        Files.writeString(out.resolve(CsvReport.FAN_OUT_FILE), CsvReport.fanOut(report));
        steps.say("drawing cost-chart.png");
        CostChart.write(report, out.resolve("cost-chart.png"));
        steps.say("done");
        System.out.println("cost: " + report.estimates().size() + " targets at "
                + report.difficulty().label() + " from " + rateFiles + " -> " + out.resolve("cost.md")
                + ", cost.csv, " + CsvReport.FAN_OUT_FILE + " ("
                + report.fanOut().size()
                + " fan-out rows), cost-chart.png");
        System.out.println("cost: reference row " + MarkdownTable.referenceRow(report));
        if (docs) {
            MarkdownTable.splice(Path.of("docs/cost.md"), table);
            Files.copy(
                    out.resolve("cost-chart.png"),
                    Path.of("docs/cost-chart.png"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            System.out.println("cost: refreshed docs/cost.md and docs/cost-chart.png");
        }
    }

    /** Each step as it starts, with the seconds since the report began. */
    private record Steps(PrintStream out, long start) {
        Steps(PrintStream out) {
            this(out, System.nanoTime());
        }

        void say(String step) {
            out.printf(java.util.Locale.ROOT, "cost: [%.1f s] %s%n", (System.nanoTime() - start) / 1e9, step);
        }
    }

    /** The value after option {@code args[i - 1]}; refused with {@code usage} when it has none. */
    static String value(String[] args, int i, String usage) {
        if (i >= args.length) throw new CostInputException(args[i - 1] + " needs a value\n" + usage);
        return args[i];
    }
}
