package dev.nanowork.terraform;

import dev.nanowork.docs.DocBlock;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The cost ceilings the documents quote, written from {@link WorstHour}: the worst hour's arithmetic (in
 * docs/reliability.md as a sum, in terraform/README.md as a table), its totals, the reserved executions and the most
 * one request costs. The same sentence in every document that gives a figure, so that no two disagree.
 */
record CostBlocks(WorstHour hour) {
    static final String SOURCE = "terraform/stacks/work-api and infra/pricing";
    static final String RELIABILITY = "docs/reliability.md";
    static final String README = "terraform/README.md";
    static final String DEPLOY = "docs/deploy.md";

    List<DocBlock> blocks() {
        return List.of(
                DocBlock.lines(RELIABILITY, "worst-hour", SOURCE, sum()),
                DocBlock.lines(RELIABILITY, "worst-hour-totals", SOURCE, totals()),
                DocBlock.lines(RELIABILITY, "request-ceiling", SOURCE, ceiling()),
                DocBlock.lines(README, "worst-hour", SOURCE, table()),
                DocBlock.lines(README, "worst-hour-totals", SOURCE, totals()),
                DocBlock.lines(README, "request-ceiling", SOURCE, ceiling()),
                new DocBlock(DEPLOY, "worst-hour", SOURCE, figure()),
                new DocBlock(DEPLOY, "reserved-total", SOURCE, String.valueOf(hour.reservedTotal())),
                new DocBlock(
                        DEPLOY,
                        "worker-slots",
                        SOURCE,
                        hour.stack().maxWorkers() + " x " + hour.stack().concurrentWorks() + " = "
                                + hour.stack().workerSlots()));
    }

    /** The hour as a sum, one line per function and variant, in a code block. */
    String sum() {
        List<String[]> rows = new ArrayList<>();
        for (WorstHour.Line l : hour.lines()) {
            rows.add(new String[] {
                String.format(
                        Locale.ROOT,
                        "%-9s %-7s %2d slots x %s GB x %d s x $%s",
                        l.function(),
                        l.variant(),
                        l.slots(),
                        HclText.number(BigDecimal.valueOf(l.gb())),
                        WorstHour.SECONDS,
                        price(l.gbSecond())),
                dollars4(l.dollars())
            });
        }
        rows.add(new String[] {
            String.format(
                    Locale.ROOT,
                    "requests  %s/s x %d s = %,d x ($%.2f + $%.2f) / 1e6",
                    HclText.number(BigDecimal.valueOf(hour.stack().stageRate())),
                    WorstHour.SECONDS,
                    Math.round(hour.requestsPerHour()),
                    hour.httpRequestPerMillion(),
                    hour.lambdaRequestPerMillion()),
            dollars4(hour.requestsPerHour() * hour.perRequest())
        });
        WorstHour.Records records = hour.records();
        if (hour.stack().fanOutOn()) {
            rows.add(recordsLine("reads ", records.readsPerSecond(), records.readPerMillion(), records.reads()));
            rows.add(recordsLine("writes", records.writesPerSecond(), records.writePerMillion(), records.writes()));
        }
        int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        StringBuilder out = new StringBuilder("```\n");
        for (String[] r : rows) out.append(String.format(Locale.ROOT, "%-" + width + "s = %s\n", r[0], r[1]));
        String total = "total  " + dollars2(hour.total()) + " per hour";
        out.append(" ".repeat(Math.max(0, width + 3 - "total  ".length())))
                .append(total)
                .append("\n```");
        return out.toString();
    }

    /** One line of the work records' units in the hour's sum. */
    private static String[] recordsLine(String units, long perSecond, double perMillion, double dollars) {
        return new String[] {
            String.format(
                    Locale.ROOT,
                    "records   %s %,5d/s x %d s x $%s / 1e6",
                    units,
                    perSecond,
                    WorstHour.SECONDS,
                    price(perMillion)),
            dollars4(dollars)
        };
    }

    /** The hour as a Markdown table: item, arithmetic, dollars. */
    String table() {
        StringBuilder out = new StringBuilder("| item | arithmetic | $/hour |\n|---|---|---:|\n");
        for (WorstHour.Line l : hour.lines()) {
            double gbSeconds = l.slots() * l.gb() * WorstHour.SECONDS;
            out.append(String.format(
                    Locale.ROOT,
                    "| %s %s | %d executions x %s GB x 3,600 s = %,.0f GB-s x $%s | %.2f |\n",
                    l.variant(),
                    l.function().equals("worker") ? "fan-out workers" : l.function(),
                    l.slots(),
                    HclText.number(BigDecimal.valueOf(l.gb())),
                    gbSeconds,
                    price(l.gbSecond()),
                    l.dollars()));
        }
        out.append(String.format(
                Locale.ROOT,
                "| requests | stage throttle %s rps x 3,600 = %,d: HTTP API $%.3f + Lambda $%.3f | %.2f |\n",
                HclText.number(BigDecimal.valueOf(hour.stack().stageRate())),
                Math.round(hour.requestsPerHour()),
                hour.requestsPerHour() * hour.httpRequestPerMillion() / 1e6,
                hour.requestsPerHour() * hour.lambdaRequestPerMillion() / 1e6,
                hour.requestsPerHour() * hour.perRequest()));
        WorstHour.Records r = hour.records();
        if (hour.stack().fanOutOn()) {
            out.append(String.format(
                    Locale.ROOT,
                    "| work records | %,d reads/s x 3,600 x $%s + %,d writes/s x 3,600 x $%s per million (the table's"
                            + " maximum throughput) | %.2f |\n",
                    r.readsPerSecond(),
                    price(r.readPerMillion()),
                    r.writesPerSecond(),
                    price(r.writePerMillion()),
                    r.reads() + r.writes()));
        }
        out.append(String.format(Locale.ROOT, "| **total** | | **%.2f** |", hour.total()));
        return out.toString();
    }

    /** The hour's total over a day and a month, and without the fan-out. */
    String totals() {
        String text = String.format(
                Locale.ROOT,
                "With the defaults the worst hour costs **%s**: $%,d a day, or about $%,d for a 730-hour month, if someone"
                        + " kept every reserved execution busy every second",
                dollars2(hour.total()),
                Math.round(hour.total() * 24),
                Math.round(hour.total() * 730 / 100) * 100);
        if (hour.stack().fanOutOn()) {
            text += String.format(
                    Locale.ROOT,
                    "; %s an hour without the fan-out (`fan_out = null`), whose %d worker slots per variant and work"
                            + " records are %s of it. The stack reserves %d concurrent executions (`reserved_concurrency_total`).",
                    dollars2(hour.totalWithoutFanOut()),
                    hour.stack().workerSlots(),
                    dollars2(hour.total() - hour.totalWithoutFanOut()),
                    hour.reservedTotal());
        } else {
            text += String.format(
                    Locale.ROOT,
                    ". The stack reserves %d concurrent executions (`reserved_concurrency_total`).",
                    hour.reservedTotal());
        }
        List<String> slots = new ArrayList<>();
        for (StackDefaults.Variant v : hour.stack().variants()) {
            slots.add(dollars2(v.generateMb() / 1024.0 * WorstHour.SECONDS * hour.gbSecond(v)) + " on " + v.name());
        }
        return text + " An hour of one generate or worker slot costs " + String.join(" and ", slots) + ".";
    }

    /** The most one request costs, on the dearest variant, with and without the fan-out's workers. */
    String ceiling() {
        StackDefaults.Variant v = hour.dearest();
        double deadline = hour.stack().deadline().toMillis() / 1000.0;
        int timeout = hour.stack().timeoutSeconds();
        String per = String.format(
                Locale.ROOT,
                "%s s x %s GB x $%s",
                HclText.number(BigDecimal.valueOf(deadline)),
                HclText.number(BigDecimal.valueOf(v.generateMb() / 1024.0)),
                price(hour.gbSecond(v)));
        String alone = dollars4(hour.execution(deadline));
        if (hour.executionsPerRequest() == 1) {
            return String.format(
                    Locale.ROOT,
                    "One request costs at most %s = **%s** on %s (its search stops at the %s s deadline); the %d s"
                            + " timeout bounds it at %s should the deadline fail.",
                    per,
                    alone,
                    v.architecture(),
                    HclText.number(BigDecimal.valueOf(deadline)),
                    timeout,
                    dollars4(hour.execution(timeout)));
        }
        int n = hour.executionsPerRequest();
        return String.format(
                Locale.ROOT,
                "One request costs at most %d executions (its own and %d fan-out workers, each searching until the"
                        + " request's %s s deadline) x %s = **%s** on %s, and a work searched by one execution alone %s;"
                        + " the %d s timeout bounds them at %s and %s should the deadline fail.",
                n,
                n - 1,
                HclText.number(BigDecimal.valueOf(deadline)),
                per,
                dollars4(n * hour.execution(deadline)),
                v.architecture(),
                alone,
                timeout,
                dollars4(n * hour.execution(timeout)),
                dollars4(hour.execution(timeout)));
    }

    /** The worst hour inside a sentence. */
    String figure() {
        String total = dollars2(hour.total());
        return hour.stack().fanOutOn()
                ? total + " (" + dollars2(hour.totalWithoutFanOut()) + " with `fan_out = null`)"
                : total;
    }

    static String price(double perGbSecond) {
        return HclText.number(BigDecimal.valueOf(perGbSecond));
    }

    static String dollars2(double d) {
        return String.format(Locale.ROOT, "$%,.2f", d);
    }

    static String dollars4(double d) {
        return String.format(Locale.ROOT, "$%.4f", d);
    }
}
