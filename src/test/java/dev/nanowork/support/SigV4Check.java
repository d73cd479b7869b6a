package dev.nanowork.support;

import com.sun.net.httpserver.HttpExchange;
import dev.nanowork.support.SsmStandIn.Refusal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signature Version 4 as AWS checks it (IAM guide, "Signing AWS API requests", "Create a signed AWS API request"): the
 * canonical request (method, path, query, the signed headers' values, the payload's SHA-256), the string to sign
 * under the credential scope (date, region, service), the HMAC-SHA256 key chain from the secret key; a request signed
 * more than 5 minutes from now is refused. For the stand-ins of AWS services, each refusal as the service types it.
 */
final class SigV4Check {
    private static final Duration SKEW = Duration.ofMinutes(5);
    private static final Pattern AUTHORIZATION = Pattern.compile(
            "AWS4-HMAC-SHA256 Credential=([^/]+)/(\\d{8})/([^/]+)/([^/]+)/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})");

    private SigV4Check() {}

    /** Checks the request's Signature Version 4; returns its access key id. */
    static String authenticate(
            HttpExchange exchange,
            byte[] body,
            String region,
            String service,
            Function<String, SsmStandIn.Issued> issued)
            throws Refusal {
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        if (authorization == null)
            throw new Refusal("MissingAuthenticationTokenException", "Missing Authentication Token");
        Matcher m = AUTHORIZATION.matcher(authorization);
        if (!m.matches()) throw new Refusal("IncompleteSignatureException", "Authorization header requires fields");
        SsmStandIn.Issued who = issued.apply(m.group(1));
        String token = exchange.getRequestHeaders().getFirst("X-Amz-Security-Token");
        if (who == null || (who.sessionToken() != null && !who.sessionToken().equals(token)))
            throw new Refusal("UnrecognizedClientException", "The security token included in the request is invalid.");
        String amzDate = exchange.getRequestHeaders().getFirst("X-Amz-Date");
        if (amzDate == null
                || !amzDate.startsWith(m.group(2))
                || !m.group(3).equals(region)
                || !m.group(4).equals(service))
            throw new Refusal("InvalidSignatureException", "Credential should be scoped to a valid region and service");
        Instant signedAt = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssX").parse(amzDate, Instant::from);
        if (Duration.between(signedAt, Instant.now()).abs().compareTo(SKEW) > 0)
            throw new Refusal("InvalidSignatureException", "Signature expired");
        String signedHeaders = m.group(5);
        StringBuilder canonical = new StringBuilder(exchange.getRequestMethod())
                .append('\n')
                .append(canonicalUri(exchange.getRequestURI().getRawPath()))
                .append('\n')
                .append(canonicalQuery(exchange.getRequestURI().getRawQuery()))
                .append('\n');
        for (String header : signedHeaders.split(";")) {
            List<String> values = exchange.getRequestHeaders().get(header);
            if (values == null) throw new Refusal("InvalidSignatureException", "signed header missing: " + header);
            canonical
                    .append(header)
                    .append(':')
                    .append(String.join(",", values).strip().replaceAll(" +", " "))
                    .append('\n');
        }
        canonical.append('\n').append(signedHeaders).append('\n').append(SsmStandIn.hex(SsmStandIn.sha256(body)));
        String scope = m.group(2) + "/" + region + "/" + service + "/aws4_request";
        String toSign = "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n"
                + SsmStandIn.hex(SsmStandIn.sha256(canonical.toString().getBytes(StandardCharsets.UTF_8)));
        byte[] key = hmac(("AWS4" + who.secretKey()).getBytes(StandardCharsets.UTF_8), m.group(2));
        key = hmac(hmac(hmac(key, region), service), "aws4_request");
        if (!MessageDigest.isEqual(
                SsmStandIn.hex(hmac(key, toSign)).getBytes(StandardCharsets.US_ASCII),
                m.group(6).getBytes(StandardCharsets.US_ASCII)))
            throw new Refusal(
                    "InvalidSignatureException",
                    "The request signature we calculated does not match the signature you provided.");
        return who.accessKeyId();
    }

    /**
     * The path as sent, each segment URI-encoded once more: every service but S3 signs its path encoded twice (a
     * function ARN's {@code :} is {@code %3A} on the wire and {@code %253A} in the canonical request).
     */
    static String canonicalUri(String rawPath) {
        if (rawPath == null || rawPath.isEmpty()) return "/";
        return Arrays.stream(rawPath.split("/", -1)).map(SigV4Check::encode).collect(Collectors.joining("/"));
    }

    /** The query's parameters, each name and value URI-encoded, sorted by name (empty when there is none). */
    static String canonicalQuery(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) return "";
        return Arrays.stream(rawQuery.split("&"))
                .map(p -> {
                    int eq = p.indexOf('=');
                    String name = URLDecoder.decode(eq < 0 ? p : p.substring(0, eq), StandardCharsets.UTF_8);
                    String value = eq < 0 ? "" : URLDecoder.decode(p.substring(eq + 1), StandardCharsets.UTF_8);
                    return new String[] {encode(name), encode(value)};
                })
                .sorted(Comparator.<String[], String>comparing(p -> p[0]).thenComparing(p -> p[1]))
                .map(p -> p[0] + "=" + p[1])
                .collect(Collectors.joining("&"));
    }

    /** RFC 3986 as SigV4 wants it: unreserved characters as they are, every other byte as %XY. */
    private static String encode(String s) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "-_.~".indexOf(c) >= 0)
                out.append(c);
            else out.append('%').append(String.format("%02X", b & 0xff));
        }
        return out.toString();
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
}
