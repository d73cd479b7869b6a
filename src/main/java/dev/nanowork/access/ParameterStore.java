package dev.nanowork.access;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * Reads an SSM parameter (a SecureString, decrypted) through the AWS Parameters and Secrets Lambda
 * Extension, which serves {@code GET /systemsmanager/parameters/get?name=...&withDecryption=true} on
 * localhost inside the execution environment and authenticates the caller by the
 * {@code X-Aws-Parameters-Secrets-Token} header (the function's {@code AWS_SESSION_TOKEN}). This keeps the
 * AWS SDK (megabytes, and its own start-up time) out of function.zip. The extension is a Lambda layer the
 * operator adds; its port is {@code PARAMETERS_SECRETS_EXTENSION_HTTP_PORT}, 2773 by default.
 */
public final class ParameterStore {
    static final int DEFAULT_PORT = 2773;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final String token;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    public ParameterStore(URI base, String token) {
        this.base = base;
        this.token = token;
    }

    /** The extension of this Lambda execution environment, from its environment variables. */
    public static ParameterStore fromEnvironment(Map<String, String> env) {
        String port = env.getOrDefault("PARAMETERS_SECRETS_EXTENSION_HTTP_PORT", Integer.toString(DEFAULT_PORT));
        String token = env.get("AWS_SESSION_TOKEN");
        if (token == null || token.isEmpty()) {
            throw new IllegalStateException(
                    "reading an SSM parameter needs AWS_SESSION_TOKEN (set by Lambda) for the Parameters and Secrets extension");
        }
        return new ParameterStore(URI.create("http://localhost:" + port), token);
    }

    /**
     * The decrypted value of parameter {@code name}.
     *
     * @throws IllegalStateException naming the parameter and the HTTP status, never the value
     */
    public String read(String name) {
        URI uri = base.resolve("/systemsmanager/parameters/get?name=" + URLEncoder.encode(name, StandardCharsets.UTF_8)
                + "&withDecryption=true");
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(Duration.ofSeconds(5))
                .header("X-Aws-Parameters-Secrets-Token", token)
                .GET()
                .build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot reach the Parameters and Secrets extension at " + base + " to read SSM parameter " + name
                            + " (add the extension layer to the function): " + e.getMessage(),
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading SSM parameter " + name, e);
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException("SSM parameter " + name
                    + ": the Parameters and Secrets extension answered HTTP " + response.statusCode()
                    + " (does the function's role allow ssm:GetParameter and kms:Decrypt?)");
        }
        JsonNode value;
        try {
            value = JSON.readTree(response.body()).path("Parameter").path("Value");
        } catch (IOException e) {
            throw new IllegalStateException("SSM parameter " + name + ": the extension's answer is not JSON", e);
        }
        if (!value.isTextual() || value.asText().isEmpty()) {
            throw new IllegalStateException("SSM parameter " + name + " has no value");
        }
        return value.asText();
    }
}
