package dev.nanowork.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import dev.nanowork.support.SsmStandIn.Issued;
import dev.nanowork.support.SsmStandIn.Refusal;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * CloudWatch's {@code GetMetricData} on 127.0.0.1, as AWS documents it (CloudWatch API Reference, "GetMetricData",
 * "MetricDataQuery", "MetricStat", "MetricDataResult"), for a client pointed here by its endpoint. What the AWS SDK for
 * Java 2.59.1 sends, not what the API Reference's examples show: its CloudWatch client speaks Smithy RPC v2 CBOR
 * ({@code DefaultCloudWatchClient} builds a {@code SmithyRpcV2CborProtocolFactory}), so a request is {@code POST
 * /service/GraniteServiceVersion20100801/operation/GetMetricData} with {@code smithy-protocol: rpc-v2-cbor} and a CBOR
 * body, timestamps as CBOR tag 1 (epoch seconds); the answer is CBOR too, an error a CBOR map with {@code __type} and
 * {@code message}, HTTP 400 (Smithy, "RPC v2 CBOR protocol"). Signature Version 4 is checked as the other stand-ins
 * check it ({@link SigV4Check}, signing name {@code monitoring}). The request's rules are {@link GetMetricDataRules};
 * the statistics and the pages are {@link MetricDataAnswer}.
 *
 * <p>Its data is what CloudWatch would hold: the metrics of Embedded Metric Format lines ({@link #emf}, the lines the
 * functions print, extracted as CloudWatch Logs extracts them) and AWS's own metrics put as datapoints ({@link #put}:
 * Lambda's Duration, DynamoDB's consumed units). Metric math is not emulated: an {@code Expression} is refused.
 */
public final class CloudWatchStandIn extends LoopbackService {
    static final String PATH = "/service/GraniteServiceVersion20100801/operation/GetMetricData";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One stored value: a metric (namespace, name, dimensions), its unit, when, and the value. */
    public record Datum(
            String namespace, String name, Map<String, String> dimensions, String unit, Instant at, double value) {}

    /** A request answered: its error type or {@code ok}, and the datapoints it returned. */
    public record Seen(String outcome, int datapoints, boolean nextToken) {}

    private final String region;
    private final Map<String, Issued> issued = new ConcurrentHashMap<>();
    private final List<Datum> data = new CopyOnWriteArrayList<>();
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final Map<String, Integer> tokens = new ConcurrentHashMap<>();

    public CloudWatchStandIn(String region) throws IOException {
        this.region = region;
        serve("/");
    }

    /** Lets {@code credentials} sign requests. */
    public void issue(Issued credentials) {
        issued.put(credentials.accessKeyId(), credentials);
    }

    /** Stores a datapoint of one of AWS's own metrics (or any metric put directly). */
    public void put(String namespace, String name, Map<String, String> dimensions, String unit, Instant at, double v) {
        data.add(new Datum(namespace, name, new TreeMap<>(dimensions), unit, at, v));
    }

    /**
     * Extracts the metrics of one EMF log event as CloudWatch Logs does ("Specification: Embedded metric format"):
     * for each directive of {@code _aws.CloudWatchMetrics}, each dimension set and each metric definition, the root
     * member named by the metric (a number, or an array of numbers: each a value) under the namespace, with the
     * dimension set's members as dimensions, at {@code _aws.Timestamp}. A line without {@code _aws} is a plain log line.
     */
    public void emf(String line) throws IOException {
        JsonNode event = JSON.readTree(line);
        JsonNode aws = event.get("_aws");
        if (aws == null) return;
        Instant at = Instant.ofEpochMilli(aws.get("Timestamp").asLong());
        for (JsonNode directive : aws.get("CloudWatchMetrics")) {
            String namespace = directive.get("Namespace").asText();
            for (JsonNode set : directive.get("Dimensions")) {
                Map<String, String> dimensions = new TreeMap<>();
                set.forEach(
                        d -> dimensions.put(d.asText(), event.get(d.asText()).asText()));
                for (JsonNode metric : directive.get("Metrics")) {
                    String name = metric.get("Name").asText();
                    String unit = metric.path("Unit").asText("None");
                    JsonNode value = event.get(name);
                    if (value.isArray()) value.forEach(v -> put(namespace, name, dimensions, unit, at, v.asDouble()));
                    else put(namespace, name, dimensions, unit, at, value.asDouble());
                }
            }
        }
    }

    /** What was asked, in order. */
    public List<Seen> seen() {
        return List.copyOf(seen);
    }

    @Override
    protected void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        try {
            if (!"POST".equals(exchange.getRequestMethod())
                    || !PATH.equals(exchange.getRequestURI().getRawPath()))
                throw new Refusal("UnknownOperationException", "not GetMetricData: " + exchange.getRequestURI());
            // Smithy RPC v2 CBOR: the protocol header and the CBOR media type on every request.
            if (!"rpc-v2-cbor".equals(exchange.getRequestHeaders().getFirst("smithy-protocol"))
                    || !"application/cbor".equals(exchange.getRequestHeaders().getFirst("Content-Type")))
                throw new Refusal("UnknownOperationException", "not an RPC v2 CBOR request");
            SigV4Check.authenticate(exchange, body, region, "monitoring", issued::get);
            Map<String, Object> request = Cbor.read(body);
            GetMetricDataRules.check(request);
            MetricDataAnswer answer = MetricDataAnswer.of(request, data, tokens);
            seen.add(new Seen("ok", answer.datapoints(), answer.nextToken() != null));
            send(exchange, 200, Cbor.write(answer.body()));
        } catch (Refusal r) {
            seen.add(new Seen(r.type, 0, false));
            send(exchange, 400, Cbor.write(Map.of("__type", r.type, "message", String.valueOf(r.getMessage()))));
        }
    }

    private static void send(HttpExchange exchange, int status, byte[] cbor) throws IOException {
        exchange.getResponseHeaders().set("smithy-protocol", "rpc-v2-cbor");
        answer(exchange, status, "application/cbor", cbor);
    }
}
