package dev.nanowork.terraform;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.config.WorkConfig;
import dev.nanowork.docs.DocBlock;
import dev.nanowork.work.Difficulty;
import io.smallrye.config.WithDefault;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * docs/reliability.md's table of what bounds the bill and the work records' cap, each figure read where the stack and the application take it
 * from: the stack's variable defaults, the application's own defaults (WorkConfig) and the pricing file.
 */
record BoundsTable(WorstHour hour) {
    static final String SOURCE = "terraform/stacks/work-api, WorkConfig and infra/pricing";

    List<DocBlock> blocks() {
        return List.of(
                DocBlock.lines(CostBlocks.RELIABILITY, "stack-bounds", SOURCE, table()),
                DocBlock.lines(CostBlocks.RELIABILITY, "record-cap", CostBlocks.SOURCE, recordCap()));
    }

    String table() {
        StackDefaults stack = hour.stack();
        List<StackDefaults.Variant> variants = stack.variants();
        StackDefaults.Variant first = variants.get(0);
        List<String> rows = new ArrayList<>();
        rows.addAll(function("generate", first.generateMb(), first.generateSlots()));
        rows.addAll(function("validate", first.validateMb(), first.validateSlots()));
        boolean derived = stack.workerSlots() == stack.maxWorkers() * stack.concurrentWorks();
        rows.add(row(
                "fan-out workers",
                stack.fanOutOn()
                        ? "up to " + stack.maxWorkers() + " per request; " + stack.workerSlots()
                                + " reserved per variant"
                                + (derived
                                        ? " (" + stack.maxWorkers() + " workers x " + stack.concurrentWorks()
                                                + " long works at once)"
                                        : "")
                                + ", at the generate function's memory"
                        : "none (`fan_out = null`)",
                "`fan_out.max_workers`, `fan_out.concurrent_works`, `fan_out.worker_reserved_concurrency` (`fan_out ="
                        + " null`: no workers)"));
        WorstHour.Records records = hour.records();
        if (stack.fanOutOn()) {
            rows.add(row(
                    "work records table",
                    String.format(
                            Locale.ROOT,
                            "on demand, at most %,d reads and %,d writes a second (its maximum throughput)",
                            records.readsPerSecond(),
                            records.writesPerSecond()),
                    "`fan_out.poll_interval` and the slots above (`" + FanOutLocals.FILE + "`)"));
        }
        rows.add(row(
                "variants",
                variants.size() + ": "
                        + String.join(
                                ", ",
                                variants.stream()
                                        .map(v -> v.name().equals(v.architecture())
                                                ? v.name()
                                                : v.name() + " (" + v.architecture() + ")")
                                        .toList()),
                "`variants`"));
        rows.add(row("Lambda timeout", stack.timeoutSeconds() + " s", "`timeout_seconds`"));
        rows.add(row(
                "search deadline",
                seconds(stack.deadline().toMillis()) + " (the application's own default `"
                        + applicationDefault("deadline") + "`; on Lambda also the invocation's remaining time less `"
                        + applicationDefault("deadlineMargin") + "`)",
                "`settings.deadline`, `NANO_WORK_DEADLINE`"));
        Difficulty cap = Difficulty.parse(stack.setting("settings", "max_difficulty"));
        rows.add(row(
                "difficulty cap",
                "`" + cap + "` (" + HclText.number(BigDecimal.valueOf(cap.multiplier())) + " x send, 2^"
                        + Math.round(Math.log(cap.expectedAttempts()) / Math.log(2)) + " attempts on average)",
                "`settings.max_difficulty`, `NANO_WORK_MAX_DIFFICULTY` (`extra_jvm_options` cannot override it:"
                        + " only the option shapes of `modules/work-function/jvm-options.json` pass, no `-D`, quote or"
                        + " `@argfile`)"));
        JsonNode stage = stack.defaultOf("stage_throttle");
        rows.add(row("stage throttle", throttle(stage, "requests/s"), "`stage_throttle`"));
        JsonNode routes = stack.defaultOf("route_throttles");
        rows.add(row(
                "route throttles",
                "generate " + throttle(routes.get("generate"), "/s") + ", validate "
                        + throttle(routes.get("validate"), "/s")
                        + " (per route; `POST /NAME` reaches the generate function and has the generate throttle)",
                "`route_throttles`"));
        rows.add(row(
                "`benchmark`",
                stack.defaultOf("benchmark_requires_key").asBoolean()
                        ? "refused without the operator's key on every deployed function"
                        : "open to any caller with the wallets' key",
                "`benchmark_requires_key`, `NANO_WORK_BENCHMARK_REQUIRES_KEY`"));
        rows.add(row(
                "access key",
                stack.defaultOf("open_endpoint").asBoolean()
                        ? "none: the endpoint is open"
                        : "generated (`open_endpoint = true` opens the endpoint): a request without it is refused at"
                                + " the edge and starts no search",
                "`auth_key_parameter_name`, `open_endpoint`"));
        JsonNode alert = stack.defaultOf("spend_alert");
        rows.add(row(
                "spend alarm",
                alert == null || alert.isNull()
                        ? "off"
                        : "an SNS notice when the last 5 minutes' Lambda duration, requests"
                                + (stack.fanOutOn() ? " and work-record units" : "") + " run at $"
                                + HclText.literal(alert.get("dollars_per_hour")) + " per hour or more",
                "`spend_alert`"));
        rows.add(row(
                "prices",
                prices(),
                "`" + WorstHour.PRICING + "` (and the stack's `prices`, which `CostGuardsTest` holds equal to it)"));
        return "| what bounds it | default | where |\n|---|---|---|\n" + String.join("\n", rows);
    }

    /** The work records' table capped at the worst hour's rates, and why those. */
    String recordCap() {
        if (!hour.stack().fanOutOn()) return "Without the fan-out (`fan_out = null`) there is no work records table.";
        WorstHour.Records r = hour.records();
        double extra = new FanOutLocals(hour.stack().stack()).readsPerPoll() - 1;
        return String.format(
                Locale.ROOT,
                "The work records' table is capped at those rates (its on-demand maximum throughput,"
                        + " `%s`): every one of the %d generate and worker slots reading its record every %d ms, %s"
                        + " more for claims, joins and withdrawals (%,d reads a second), and %,d writes a second. Past"
                        + " the cap DynamoDB throttles: a generate execution then searches alone and a worker stops"
                        + " once its record has been unreadable for a second.",
                FanOutLocals.FILE,
                hour.recordExecutions(),
                hour.stack().pollInterval().toMillis(),
                HclText.number(BigDecimal.valueOf(Math.round(extra * 100))) + "%",
                r.readsPerSecond(),
                r.writesPerSecond());
    }

    private String prices() {
        List<String> perArch = new ArrayList<>();
        for (StackDefaults.Variant v : hour.stack().variants()) {
            perArch.add(v.architecture() + " $" + CostBlocks.price(hour.gbSecond(v)));
        }
        return String.join(" and ", perArch) + " per GB-s; Lambda "
                + String.format(Locale.ROOT, "$%.2f", hour.lambdaRequestPerMillion()) + " and HTTP API "
                + String.format(Locale.ROOT, "$%.2f", hour.httpRequestPerMillion()) + " per million requests"
                + (hour.stack().fanOutOn()
                        ? "; DynamoDB $" + CostBlocks.price(hour.records().readPerMillion()) + " per million read and $"
                                + CostBlocks.price(hour.records().writePerMillion()) + " per million write units"
                        : "");
    }

    /** A default of WorkConfig, as its {@code @WithDefault} says. */
    static String applicationDefault(String method) {
        try {
            return WorkConfig.class
                    .getMethod(method)
                    .getAnnotation(WithDefault.class)
                    .value();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("WorkConfig." + method + "() is gone", e);
        }
    }

    /** A function's memory and reserved concurrency, as each variant gets them by default. */
    private static List<String> function(String name, int mb, int slots) {
        return List.of(
                row(name + " function memory", mb(mb), "`variants." + name + "_memory_mb`"),
                row(
                        name + " reserved concurrency",
                        slots + " per variant",
                        "`variants." + name + "_reserved_concurrency`"));
    }

    private static String throttle(JsonNode t, String unit) {
        return HclText.literal(t.get("rate_limit"))
                + (unit.startsWith("/") ? unit + " burst " : " " + unit + ", burst ")
                + HclText.literal(t.get("burst_limit"));
    }

    private static String mb(int mb) {
        return String.format(Locale.ROOT, "%,d MB", mb);
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    private static String row(String what, String value, String where) {
        return "| " + what + " | " + value + " | " + where + " |";
    }
}
