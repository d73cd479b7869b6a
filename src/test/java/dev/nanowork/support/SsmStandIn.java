package dev.nanowork.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

/**
 * SSM Parameter Store's {@code GetParameters} on 127.0.0.1, as AWS documents it (API Reference, "GetParameters"), for a
 * client pointed here by {@code AWS_ENDPOINT_URL_SSM}. Its rules, each from AWS's documentation and each refused as AWS
 * refuses it (the error's {@code __type} in a JSON 1.1 body, HTTP 400):
 *
 * <ul>
 *   <li>awsJson1_1 protocol: {@code POST /}, {@code X-Amz-Target: AmazonSSM.GetParameters}, body {@code {"Names",
 *       "WithDecryption"}}; {@code Names} holds 1 to 10 names of 1 to 2,048 characters, else {@code
 *       ValidationException}. Other targets are {@code UnknownOperationException}: stricter than SSM, which serves
 *       them, since the application calls GetParameters alone;
 *   <li>Signature Version 4 (IAM guide, "Signing AWS API requests"): no {@code Authorization} header is {@code
 *       MissingAuthenticationTokenException}; an access key it did not issue, or a temporary key without its session
 *       token in {@code X-Amz-Security-Token}, is {@code UnrecognizedClientException}; a signature that is not the
 *       HMAC-SHA256 of the canonical request under the secret key, a scope of another region or service, or an {@code
 *       X-Amz-Date} more than 5 minutes off is {@code InvalidSignatureException};
 *   <li>IAM: a name outside the role's {@code ssm:GetParameters} resources refuses the whole call, {@code
 *       AccessDeniedException};
 *   <li>no {@code ParameterNotFound}: a name it does not hold, a {@code name:version} of a version it does not hold,
 *       or a version selector that is not a number, is listed in {@code InvalidParameters}, as asked;
 *   <li>{@code Parameters} in alphabetical order of name; a version asked by selector carries {@code "Selector":
 *       ":N"};
 *   <li>a SecureString read without {@code WithDecryption: true} answers its ciphertext, not its value.
 * </ul>
 *
 * Every parameter is a SecureString; versions count from 1, each with its {@code LastModifiedDate}. {@link #silent}
 * makes it take requests and answer none, as a store that hangs.
 */
public final class SsmStandIn extends LoopbackService {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One version of a parameter. */
    public record Stored(String value, Instant modified) {}

    /**
     * A request the stand-in answered: the names asked (comma separated) and the error type, {@code ok}, or {@code
     * invalid [names]} for an answer listing InvalidParameters.
     */
    public record Seen(String selector, String accessKeyId, String outcome) {}

    /** Credentials the stand-in's IAM knows: an access key, its secret, and its session token (null: a user's key). */
    public record Issued(String accessKeyId, String secretKey, String sessionToken) {}

    private final String region;
    private final Map<String, List<Stored>> parameters = new ConcurrentHashMap<>();
    private final Map<String, Issued> issued = new ConcurrentHashMap<>();
    private final Set<String> readable;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    /** Released to end every held request: while silent, a request is accepted and never answered. */
    private volatile CountDownLatch silence = new CountDownLatch(0);

    /**
     * @param readable the parameters the caller's role may read ({@code ssm:GetParameters} on their ARNs)
     */
    public SsmStandIn(String region, Set<String> readable) throws IOException {
        this.region = region;
        this.readable = readable;
        serve("/");
    }

    /** Lets {@code credentials} sign requests. */
    public void issue(Issued credentials) {
        issued.put(credentials.accessKeyId(), credentials);
    }

    /** Writes a new version of {@code name}, written {@code modified}. */
    public void put(String name, String value, Instant modified) {
        parameters.computeIfAbsent(name, n -> new CopyOnWriteArrayList<>()).add(new Stored(value, modified));
    }

    /**
     * Silent: every request from now on is accepted, its body read, and never answered (a store that takes the
     * connection and hangs: what a client's timeouts must bound); {@code false} answers again, and ends the held
     * requests with no answer (their connections closed).
     */
    public void silent(boolean silent) {
        if (silent) {
            if (silence.getCount() == 0) silence = new CountDownLatch(1);
        } else {
            silence.countDown();
        }
    }

    /** What was asked, in order. */
    public List<Seen> seen() {
        return List.copyOf(seen);
    }

    @Override
    protected void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        CountDownLatch held = silence;
        if (held.getCount() > 0) {
            seen.add(new Seen("?", "?", "silent"));
            try {
                held.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
            return;
        }
        String selector = "?";
        String accessKey = "?";
        try {
            String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
            if (!"POST".equals(exchange.getRequestMethod()) || !"AmazonSSM.GetParameters".equals(target))
                throw new Refusal("UnknownOperationException", "unknown operation " + target);
            JsonNode request = JSON.readTree(body);
            List<String> names = new ArrayList<>();
            request.path("Names").forEach(n -> names.add(n.asText()));
            selector = String.join(",", names);
            accessKey = SigV4Check.authenticate(exchange, body, region, "ssm", issued::get);
            GetParametersAnswer answer = GetParametersAnswer.of(names, request, parameters, readable, region);
            seen.add(new Seen(selector, accessKey, answer.outcome()));
            send(exchange, 200, answer.body());
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

    private static void send(HttpExchange exchange, int status, String json) throws IOException {
        answer(exchange, status, "application/x-amz-json-1.1", json.getBytes(StandardCharsets.UTF_8));
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
        silence.countDown();
        super.close();
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
