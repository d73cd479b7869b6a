package dev.nanowork.terraform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What the default stack can bill at most: every reserved execution busy for the whole hour, plus every request the
 * stage throttle lets through (reserved concurrency caps the executions Lambda bills; the rest are refused without
 * running), and the work records' table at its maximum throughput, priced from infra/pricing/aws-us-east-1.json; and what one request can bill at most (its execution and,
 * with the fan-out, every worker it may invoke, each searching until the request's deadline).
 */
final class WorstHour {
    static final String PRICING = "infra/pricing/aws-us-east-1.json";
    static final int SECONDS = 3600;

    private final StackDefaults stack;
    private final JsonNode pricing;

    WorstHour(StackDefaults stack, JsonNode pricing) {
        this.stack = stack;
        this.pricing = pricing;
    }

    static WorstHour ofDefaults() {
        try {
            return new WorstHour(
                    StackDefaults.read(), new ObjectMapper().readTree(Files.readString(Hcl.PROJECT.resolve(PRICING))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One kind of function of one variant, every reserved slot busy all hour. */
    record Line(String function, String variant, int slots, double gb, double gbSecond) {
        double dollars() {
            return slots * gb * SECONDS * gbSecond;
        }
    }

    /** Generate functions, then the fan-out's workers, then validate functions, each per variant. */
    List<Line> lines() {
        List<Line> lines = new ArrayList<>();
        for (String function : List.of("generate", "worker", "validate")) {
            for (StackDefaults.Variant v : stack.variants()) {
                int slots = switch (function) {
                    case "generate" -> v.generateSlots();
                    case "worker" -> stack.workerSlots();
                    default -> v.validateSlots();
                };
                int mb = function.equals("validate") ? v.validateMb() : v.generateMb();
                if (slots > 0) lines.add(new Line(function, v.architecture(), slots, mb / 1024.0, gbSecond(v)));
            }
        }
        return lines;
    }

    double requestsPerHour() {
        return stack.stageRate() * SECONDS;
    }

    /** Dollars per request the API forwards: the HTTP API's and Lambda's request prices. */
    double perRequest() {
        return (httpRequestPerMillion() + lambdaRequestPerMillion()) / 1e6;
    }

    double httpRequestPerMillion() {
        return pricing.at("/api_gateway/http_request_per_million").asDouble();
    }

    double lambdaRequestPerMillion() {
        return pricing.at("/lambda/request_per_million").asDouble();
    }

    /**
     * The work records' units a second at the table's on-demand maximum throughput (fan-out.tf), priced per million;
     * none without the fan-out.
     */
    record Records(long readsPerSecond, long writesPerSecond, double readPerMillion, double writePerMillion) {
        double reads() {
            return readsPerSecond * SECONDS * readPerMillion / 1e6;
        }

        double writes() {
            return writesPerSecond * SECONDS * writePerMillion / 1e6;
        }
    }

    Records records() {
        if (!stack.fanOutOn()) return new Records(0, 0, 0, 0);
        FanOutLocals locals = new FanOutLocals(stack.stack());
        return new Records(
                locals.readsPerSecond(recordExecutions(), stack.pollInterval().toMillis()),
                locals.writesPerSecond(),
                pricing.at("/dynamodb/read_request_per_million").asDouble(),
                pricing.at("/dynamodb/write_request_per_million").asDouble());
    }

    /** Every generate and worker slot of the plain variants: the executions that read a record each poll. */
    int recordExecutions() {
        return stack.variants().stream()
                .mapToInt(v -> v.generateSlots() + stack.workerSlots())
                .sum();
    }

    double total() {
        return lines().stream().mapToDouble(Line::dollars).sum()
                + requestsPerHour() * perRequest()
                + records().reads()
                + records().writes();
    }

    /** The same hour with {@code fan_out = null}: no worker lines, no work records. */
    double totalWithoutFanOut() {
        return total()
                - records().reads()
                - records().writes()
                - lines().stream()
                        .filter(l -> l.function().equals("worker"))
                        .mapToDouble(Line::dollars)
                        .sum();
    }

    /** Every concurrent execution the defaults reserve: the stack's output {@code reserved_concurrency_total}. */
    int reservedTotal() {
        return stack.variants().stream()
                .mapToInt(v -> v.generateSlots() + v.validateSlots() + stack.workerSlots())
                .sum();
    }

    /** The dearest default variant's generate function: where one request costs the most. */
    StackDefaults.Variant dearest() {
        return stack.variants().stream()
                .max(Comparator.comparingDouble(v -> v.generateMb() * gbSecond(v)))
                .orElseThrow();
    }

    /** Executions one request may bill at once: its own and, with the fan-out, every worker it may invoke. */
    int executionsPerRequest() {
        return 1 + stack.maxWorkers();
    }

    /** One execution of the dearest generate function for {@code seconds}. */
    double execution(double seconds) {
        StackDefaults.Variant v = dearest();
        return seconds * v.generateMb() / 1024.0 * gbSecond(v);
    }

    double gbSecond(StackDefaults.Variant v) {
        JsonNode price = pricing.at("/lambda/architectures/" + v.architecture() + "/gb_second");
        if (price.isMissingNode())
            throw new IllegalStateException(PRICING + " has no gb_second for " + v.architecture());
        return price.asDouble();
    }

    StackDefaults stack() {
        return stack;
    }

    static Path pricingFile() {
        return Hcl.PROJECT.resolve(PRICING);
    }
}
