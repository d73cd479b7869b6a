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
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

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
    private static final Duration SKEW = Duration.ofMinutes(5);
    private static final Pattern AUTHORIZATION = Pattern.compile(
            "AWS4-HMAC-SHA256 Credential=([^/]+)/(\\d{8})/([^/]+)/([^/]+)/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})");

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
            accessKey = authenticate(exchange, body);
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

    /** Checks the request's Signature Version 4; returns its access key id. */
    private String authenticate(HttpExchange exchange, byte[] body) throws Refusal {
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        if (authorization == null)
            throw new Refusal("MissingAuthenticationTokenException", "Missing Authentication Token");
        Matcher m = AUTHORIZATION.matcher(authorization);
        if (!m.matches()) throw new Refusal("IncompleteSignatureException", "Authorization header requires fields");
        Issued who = issued.get(m.group(1));
        String token = exchange.getRequestHeaders().getFirst("X-Amz-Security-Token");
        if (who == null || (who.sessionToken() != null && !who.sessionToken().equals(token)))
            throw new Refusal("UnrecognizedClientException", "The security token included in the request is invalid.");
        String amzDate = exchange.getRequestHeaders().getFirst("X-Amz-Date");
        if (amzDate == null
                || !amzDate.startsWith(m.group(2))
                || !m.group(3).equals(region)
                || !m.group(4).equals("ssm"))
            throw new Refusal("InvalidSignatureException", "Credential should be scoped to a valid region and service");
        Instant signedAt = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssX").parse(amzDate, Instant::from);
        if (Duration.between(signedAt, Instant.now()).abs().compareTo(SKEW) > 0)
            throw new Refusal("InvalidSignatureException", "Signature expired");
        String signedHeaders = m.group(5);
        StringBuilder canonical = new StringBuilder("POST\n/\n\n");
        for (String header : signedHeaders.split(";")) {
            List<String> values = exchange.getRequestHeaders().get(header);
            if (values == null) throw new Refusal("InvalidSignatureException", "signed header missing: " + header);
            canonical
                    .append(header)
                    .append(':')
                    .append(String.join(",", values).strip().replaceAll(" +", " "))
                    .append('\n');
        }
        canonical.append('\n').append(signedHeaders).append('\n').append(hex(sha256(body)));
        String scope = m.group(2) + "/" + region + "/ssm/aws4_request";
        String toSign = "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n"
                + hex(sha256(canonical.toString().getBytes(StandardCharsets.UTF_8)));
        byte[] key = hmac(("AWS4" + who.secretKey()).getBytes(StandardCharsets.UTF_8), m.group(2));
        key = hmac(hmac(hmac(key, region), "ssm"), "aws4_request");
        if (!MessageDigest.isEqual(
                hex(hmac(key, toSign)).getBytes(StandardCharsets.US_ASCII),
                m.group(6).getBytes(StandardCharsets.US_ASCII)))
            throw new Refusal(
                    "InvalidSignatureException",
                    "The request signature we calculated does not match the signature you provided.");
        return who.accessKeyId();
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

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] hmac(byte[] key, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private static final class Refusal extends Exception {
        private static final long serialVersionUID = 1L;
        final String type;

        Refusal(String type, String message) {
            super(message, null, false, false);
            this.type = type;
        }
    }
}
