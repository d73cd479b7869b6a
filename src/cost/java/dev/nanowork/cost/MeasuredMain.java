package dev.nanowork.cost;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code infra/measured-cost.sh}'s entry point: reads a deployed stack's metrics for a window from CloudWatch and writes
 * the measured rates-and-latency file that {@code infra/cost.sh} draws beside its modelled rows ({@link MeasuredFile}).
 */
public final class MeasuredMain {
    static final String USAGE = """
            usage: measured-cost.sh --from ISO --to ISO (--stack DIR | --observe FILE) [--namespace NS] [--region R]
                                    [--out FILE] [--pricing FILE]
                   measured-cost.sh --help
              --from, --to     the window, ISO-8601 instants (2026-12-01T00:00:00Z); from before to
              --stack DIR      the deployed stack (terraform -chdir=DIR output -json observe; the script runs it)
              --observe FILE   that output saved to a file
              --namespace NS   the functions' metrics namespace, instead of the stack's
              --region R       the stack's region, instead of the stack's output (else AWS_REGION)
              --out FILE       where to write (default: infra/rates/measured.jsonl)
              --pricing FILE   the prices of the cost per work (default: infra/pricing/aws-us-east-1.json)
            """;

    private MeasuredMain() {}

    public static void main(String[] args) throws IOException {
        try {
            run(args, CloudWatchMetrics::of, Instant.now(), System.err);
        } catch (CostInputException e) {
            System.err.println("measured: " + e.getMessage());
            System.exit(2);
        }
    }

    /**
     * @param metrics the stack's metrics in a region (CloudWatch's, or a test's)
     */
    static List<Measured> run(String[] args, Function<String, StackMetrics> metrics, Instant now, PrintStream notes)
            throws IOException {
        Instant from = null;
        Instant to = null;
        Path observe = null;
        String namespace = null;
        String region = null;
        Path out = Path.of(CostMain.MEASURED_DEFAULT);
        Path pricing = Path.of("infra/pricing/aws-us-east-1.json");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--from" -> from = instant(CostMain.value(args, ++i, USAGE), "--from");
                case "--to" -> to = instant(CostMain.value(args, ++i, USAGE), "--to");
                case "--observe" -> observe = Path.of(CostMain.value(args, ++i, USAGE));
                case "--namespace" -> namespace = CostMain.value(args, ++i, USAGE);
                case "--region" -> region = CostMain.value(args, ++i, USAGE);
                case "--out" -> out = Path.of(CostMain.value(args, ++i, USAGE));
                case "--pricing" -> pricing = Path.of(CostMain.value(args, ++i, USAGE));
                case "-h", "--help" -> {
                    System.out.print(USAGE);
                    return List.of();
                }
                default -> throw new CostInputException("unknown argument \"" + args[i] + "\"\n" + USAGE);
            }
        }
        if (from == null || to == null || observe == null)
            throw new CostInputException("--from, --to and --stack (or --observe) are required\n" + USAGE);
        if (!from.isBefore(to)) throw new CostInputException("--from " + from + " is not before --to " + to);
        ObservedStack stack = ObservedStack.parse(Files.readString(observe), observe.toString())
                .with(namespace, region);
        String where = stack.region() != null ? stack.region() : System.getenv("AWS_REGION");
        if (where == null)
            throw new CostInputException("no region: the stack's output names none; give --region or AWS_REGION");
        TargetCatalog catalog = new TargetCatalog(PricingFile.load(pricing));
        notes.println("measured: reading " + stack.namespace() + " in " + where + " from " + from + " to " + to);
        StackMetrics source = metrics.apply(where);
        List<Measured> measured;
        try {
            measured = MeasuredStack.read(stack, source, from, to, now, catalog, notes);
        } finally {
            if (source instanceof AutoCloseable c) close(c);
        }
        if (out.getParent() != null) Files.createDirectories(out.getParent());
        Files.writeString(out, MeasuredFile.write(measured));
        for (Measured m : measured)
            System.out.printf(
                    Locale.ROOT,
                    "measured: %s (%s): %d works, %.1f MH/s an execution, wait p50 %.3f s p99 %.3f s, $%.6f a work%n",
                    m.variant(),
                    m.target(),
                    m.works(),
                    m.mhs(),
                    m.p50Seconds(),
                    m.p99Seconds(),
                    m.costPerWork());
        System.out.println("measured: " + measured.size() + " variants -> " + out);
        return measured;
    }

    private static void close(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Instant instant(String text, String option) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new CostInputException(
                    option + " \"" + text + "\" is not an ISO-8601 instant (2026-12-01T00:00:00Z)");
        }
    }
}
