package dev.nanowork.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.config.WorkConfig;
import io.smallrye.config.WithDefault;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What bounds the bill, as the default Terraform settings deploy it: reserved concurrency on every plain
 * function, generate throttled below validate, the timeout under the gateway's 30 s with the search
 * deadline under it, the same difficulty cap as the application's; and the worst-case hourly cost that
 * docs/reliability.md states, recomputed from these defaults and infra/pricing/aws-us-east-1.json.
 */
class CostGuardsTest {
    private static TerraformDir stack;

    @BeforeAll
    static void parse() {
        stack = TerraformDir.of("stacks/work-api");
    }

    /** {@code name = optional(number, 5)} in a variable's object type. */
    static double typeDefault(String variable, String field) {
        String type = stack.variable(variable).get("type").asText();
        Matcher m = Pattern.compile(field + "\\s*=\\s*optional\\(\\w+,\\s*\"?([0-9a-fA-F.s]+)\"?\\)")
                .matcher(type);
        assertTrue(m.find(), field + " has a default in " + variable + ": " + type);
        return Double.parseDouble(m.group(1).replace("s", ""));
    }

    static String typeDefaultText(String variable, String field) {
        String type = stack.variable(variable).get("type").asText();
        Matcher m = Pattern.compile(field + "\\s*=\\s*optional\\(\\w+,\\s*\"([^\"]+)\"\\)")
                .matcher(type);
        assertTrue(m.find(), field + " has a default in " + variable + ": " + type);
        return m.group(1);
    }

    @Test
    void generateIsThrottledBelowValidateAndTheStageBoundsBoth() {
        JsonNode throttles = stack.variable("route_throttles").get("default");
        JsonNode generate = throttles.get("generate");
        JsonNode validate = throttles.get("validate");
        JsonNode stage = stack.variable("stage_throttle").get("default");
        assertTrue(
                generate.get("rate_limit").asDouble()
                        < validate.get("rate_limit").asDouble(),
                "generate rate below validate: " + throttles);
        assertTrue(
                generate.get("burst_limit").asInt()
                        < validate.get("burst_limit").asInt(),
                "generate burst below validate: " + throttles);
        assertTrue(
                validate.get("rate_limit").asDouble() <= stage.get("rate_limit").asDouble(),
                "no route above the stage");
        // The nano RPC entry (POST /NAME) reaches the generate function: it must carry the generate throttle.
        TerraformDir variant = TerraformDir.of("modules/work-variant");
        assertEquals(
                "generate", variant.local("routes").get("rpc").get("function").asText());
    }

    @Test
    void everyPlainFunctionHasAReservedConcurrencyAndATimeoutUnderTheGateway() {
        assertEquals(5, typeDefault("variants", "generate_reserved_concurrency"));
        assertEquals(10, typeDefault("variants", "validate_reserved_concurrency"));
        double timeout = stack.variable("timeout_seconds").get("default").asDouble();
        assertEquals(28, timeout, "timeout_seconds");
        double deadline = typeDefault("settings", "deadline");
        assertTrue(
                deadline < timeout,
                "the search deadline (" + deadline + " s) ends before Lambda's timeout (" + timeout + " s)");
    }

    @Test
    void theDifficultyCapIsTheApplicationsDefault() throws Exception {
        String application = WorkConfig.class
                .getMethod("maxDifficulty")
                .getAnnotation(WithDefault.class)
                .value();
        assertEquals("fffffffc00000000", application);
        assertEquals(application, typeDefaultText("settings", "max_difficulty"), "Terraform deploys the same cap");
        assertEquals(
                "28s",
                WorkConfig.class
                        .getMethod("deadline")
                        .getAnnotation(WithDefault.class)
                        .value());
    }

    /** The spend alarm converts usage to dollars with the same prices as the worst case below. */
    @Test
    void theSpendAlarmPricesAreThePricingFiles() throws Exception {
        JsonNode pricing = new ObjectMapper().readTree(Files.readString(Path.of("infra/pricing/aws-us-east-1.json")));
        JsonNode prices = stack.variable("prices").get("default");
        for (String architecture : new String[] {"x86_64", "arm64"}) {
            assertEquals(
                    pricing.at("/lambda/architectures/" + architecture + "/gb_second")
                            .asDouble(),
                    prices.get("lambda_gb_second").get(architecture).asDouble(),
                    architecture + " GB-s price");
        }
        assertEquals(
                pricing.at("/lambda/request_per_million").asDouble(),
                prices.get("lambda_request_per_million").asDouble(),
                "Lambda requests");
        assertEquals(
                pricing.at("/api_gateway/http_request_per_million").asDouble(),
                prices.get("http_api_request_per_million").asDouble(),
                "HTTP API requests");
        // The edge's requests, the only cost a stranger controls: CloudFront prices them per 10,000.
        assertEquals(
                pricing.at("/cloudfront/https_request_per_10k").asDouble(),
                prices.get("cloudfront_https_request_per_10k").asDouble(),
                "CloudFront HTTPS requests");
        assertEquals(
                pricing.at("/cloudfront/function_invocation_per_million").asDouble(),
                prices.get("cloudfront_function_invocation_per_million").asDouble(),
                "CloudFront Function invocations");
        // The work records, which every execution of a fan-out search reads once per poll.
        assertEquals(
                pricing.at("/dynamodb/read_request_per_million").asDouble(),
                prices.get("dynamodb_read_request_per_million").asDouble(),
                "DynamoDB read request units");
        assertEquals(
                pricing.at("/dynamodb/write_request_per_million").asDouble(),
                prices.get("dynamodb_write_request_per_million").asDouble(),
                "DynamoDB write request units");
    }

    /** The worst case: every reserved slot of every default function busy all hour, and the stage at its rate limit. */
    @Test
    void theWorstCaseInTheReadmeMatchesTheDefaults() throws Exception {
        JsonNode pricing = new ObjectMapper().readTree(Files.readString(Path.of("infra/pricing/aws-us-east-1.json")));
        double generateGb = typeDefault("variants", "generate_memory_mb") / 1024;
        double validateGb = typeDefault("variants", "validate_memory_mb") / 1024;
        double generateSlots = typeDefault("variants", "generate_reserved_concurrency");
        double validateSlots = typeDefault("variants", "validate_reserved_concurrency");
        // The fan-out is on by default ({}): each variant's worker, at the generate function's memory.
        assertEquals("{}", String.valueOf(stack.variable("fan_out").get("default")), "fan-out on by default");
        // worker_reserved_concurrency unset: max_workers x concurrent_works (fan-out.tf).
        String type = stack.variable("fan_out").get("type").asText();
        assertTrue(
                Pattern.compile("worker_reserved_concurrency\\s*=\\s*optional\\(number\\)")
                        .matcher(type)
                        .find(),
                "no default, computed: " + type);
        double workerSlots = typeDefault("fan_out", "max_workers") * typeDefault("fan_out", "concurrent_works");
        double perHour = 0;
        int variants = 0;
        for (JsonNode variant : stack.variable("variants").get("default")) {
            double gbSecond = pricing.at("/lambda/architectures/"
                            + variant.get("architecture").asText() + "/gb_second")
                    .asDouble();
            perHour += ((generateSlots + workerSlots) * generateGb + validateSlots * validateGb) * gbSecond * 3600;
            variants++;
        }
        // The work records at the table's maximum throughput (fan-out.tf): every generate and worker slot reading its
        // record once per poll, a quarter more for the other reads, and 200 writes a second.
        assertEquals("50ms", typeDefaultText("fan_out", "poll_interval"));
        double readsPerSecond = Math.ceil(variants * (generateSlots + workerSlots) * (1000 / 50.0) * 1.25);
        perHour += readsPerSecond
                        * 3600
                        * pricing.at("/dynamodb/read_request_per_million").asDouble()
                        / 1e6
                + 200 * 3600 * pricing.at("/dynamodb/write_request_per_million").asDouble() / 1e6;
        String fanOut = Files.readString(Path.of("terraform/stacks/work-api/fan-out.tf"));
        assertTrue(
                fanOut.contains("record_max_writes_per_second = 200")
                        && fanOut.contains("local.record_executions * 1000 / local.record_poll_ms * 1.25"),
                "the table's maximum throughput as counted here");
        assertEquals(2, variants, "x86_64 and arm64");
        double requestsPerHour = stack.variable("stage_throttle")
                        .get("default")
                        .get("rate_limit")
                        .asDouble()
                * 3600;
        perHour += requestsPerHour
                * (pricing.at("/api_gateway/http_request_per_million").asDouble()
                        + pricing.at("/lambda/request_per_million").asDouble())
                / 1e6;
        String stated = String.format(Locale.ROOT, "$%.2f per hour", perHour);
        assertEquals("$41.87 per hour", stated, "the defaults' worst case");
        String doc = Files.readString(Path.of("docs/reliability.md"));
        assertTrue(doc.contains(stated), "docs/reliability.md states " + stated);
    }
}
