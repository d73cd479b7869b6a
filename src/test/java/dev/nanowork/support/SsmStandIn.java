package dev.nanowork.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * SSM Parameter Store's {@code GetParameter} on 127.0.0.1, as AWS documents it, for a client pointed here by {@code
 * AWS_ENDPOINT_URL_SSM}. Its rules, each from AWS's documentation and each refused as AWS refuses it (the error's
 * {@code __type} in a JSON 1.1 body, HTTP 400):
 *
 * <ul>
 *   <li>awsJson1_1 protocol: {@code POST /}, {@code X-Amz-Target: AmazonSSM.GetParameter}, body {@code {"Name",
 *       "WithDecryption"}} (other targets: {@code UnknownOperationException});
 *   <li>Signature Version 4 (IAM guide, "Signing AWS API requests"): no {@code Authorization} header is {@code
 *       MissingAuthenticationTokenException}; an access key it did not issue, or a temporary key without its session
 *       token in {@code X-Amz-Security-Token}, is {@code UnrecognizedClientException}; a signature that is not the
 *       HMAC-SHA256 of the canonical request under the secret key, a scope of another region or service, or an {@code
 *       X-Amz-Date} more than 5 minutes off is {@code InvalidSignatureException};
 *   <li>IAM: a parameter outside the role's {@code ssm:GetParameter} resources is {@code AccessDeniedException};
 *   <li>a name it does not hold is {@code ParameterNotFound}; a {@code name:version} selector of a version it does not
 *       hold is {@code ParameterVersionNotFound};
 *   <li>a SecureString read without {@code WithDecryption: true} answers its ciphertext, not its value.
 * </ul>
 *
 * Every parameter is a SecureString; versions count from 1, each with its {@code LastModifiedDate}.
 */
public final class SsmStandIn implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One version of a parameter. */
    public record Stored(String value, Instant modified) {}

    /** A request the stand-in answered: the selector asked and the error type, or {@code ok}. */
    public record Seen(String selector, String accessKeyId, String outcome) {}

    /** Credentials the stand-in's IAM knows: an access key, its secret, and its session token (null: a user's key). */
    public record Issued(String accessKeyId, String secretKey, String sessionToken) {}

    private final HttpServer server;
    private final String region;
    private final Map<String, List<Stored>> parameters = new ConcurrentHashMap<>();
    private final Map<String, Issued> issued = new ConcurrentHashMap<>();
    private final Set<String> readable;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    /**
     * @param readable the parameters the caller's role may read ({@code ssm:GetParameter} on their ARNs)
     */
    public SsmStandIn(String region, Set<String> readable) throws IOException {
        this.region = region;
        this.readable = readable;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    /** {@code http://127.0.0.1:PORT}: the value of {@code AWS_ENDPOINT_URL_SSM}. */
    public String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Lets {@code credentials} sign requests. */
    public void issue(Issued credentials) {
        issued.put(credentials.accessKeyId(), credentials);
    }

    /** Writes a new version of {@code name}, written {@code modified}. */
    public void put(String name, String value, Instant modified) {
        parameters.computeIfAbsent(name, n -> new CopyOnWriteArrayList<>()).add(new Stored(value, modified));
    }

    /** What was asked, in order. */
    public List<Seen> seen() {
        return List.copyOf(seen);
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        String selector = "?";
        String accessKey = "?";
        try {
            String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
            if (!"POST".equals(exchange.getRequestMethod()) || !"AmazonSSM.GetParameter".equals(target))
                throw new Refusal("UnknownOperationException", "unknown operation " + target);
            JsonNode request = JSON.readTree(body);
            selector = request.path("Name").asText();
            accessKey = SigV4Check.authenticate(exchange, body, region, "ssm", issued::get);
            String name = selector.replaceFirst(":\\d+$", "");
            if (!readable.contains(name))
                throw new Refusal(
                        "AccessDeniedException",
                        "User is not authorized to perform: ssm:GetParameter on resource: parameter" + name);
            List<Stored> versions = parameters.get(name);
            if (versions == null) throw new Refusal("ParameterNotFound", null);
            int version = versions.size();
            if (!name.equals(selector)) {
                version = Integer.parseInt(selector.substring(name.length() + 1));
                if (version < 1 || version > versions.size())
                    throw new Refusal(
                            "ParameterVersionNotFound",
                            "Systems Manager could not find version " + version + " of " + name);
            }
            Stored stored = versions.get(version - 1);
            boolean decrypt = request.path("WithDecryption").asBoolean(false);
            ObjectNode parameter = JSON.createObjectNode()
                    .put("Name", name)
                    .put("Type", "SecureString")
                    .put("Value", decrypt ? stored.value() : ciphertext(stored.value()))
                    .put("Version", version)
                    .put("LastModifiedDate", stored.modified().toEpochMilli() / 1000.0)
                    .put("ARN", "arn:aws:ssm:" + region + ":123456789012:parameter" + name)
                    .put("DataType", "text");
            if (!name.equals(selector)) parameter.put("Selector", ":" + version);
            ObjectNode answer = JSON.createObjectNode();
            answer.set("Parameter", parameter);
            seen.add(new Seen(selector, accessKey, "ok"));
            send(exchange, 200, answer.toString());
        } catch (Refusal r) {
            seen.add(new Seen(selector, accessKey, r.type));
            ObjectNode error = JSON.createObjectNode().put("__type", r.type);
            if (r.getMessage() != null) error.put("message", r.getMessage());
            send(exchange, 400, error.toString());
        } catch (RuntimeException e) {
            seen.add(new Seen(selector, accessKey, "SerializationException"));
            send(exchange, 400, "{\"__type\":\"SerializationException\"}");
        }
    }

    private static String ciphertext(String value) {
        return Base64.getEncoder()
                .encodeToString(("AQICAH" + hex(sha256(value.getBytes(StandardCharsets.UTF_8))))
                        .getBytes(StandardCharsets.US_ASCII));
    }

    private static void send(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.1");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
    }

    /** A request refused as SSM refuses it: the error's {@code __type} and message. */
    static final class Refusal extends Exception {
        private static final long serialVersionUID = 1L;
        final String type;

        Refusal(String type, String message) {
            super(message, null, false, false);
            this.type = type;
        }
    }
}
