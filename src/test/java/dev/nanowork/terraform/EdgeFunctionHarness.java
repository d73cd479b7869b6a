package dev.nanowork.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The edge's CloudFront function (terraform/stacks/work-api/edge/viewer-request.js) rendered as Terraform does and
 * run in Node.js over a stand-in for CloudFront's key store, with the requests, keys and checks its tests share.
 */
final class EdgeFunctionHarness {
    private static final Path SOURCE = Hcl.TERRAFORM.resolve("stacks/work-api/edge/viewer-request.js");
    static final ObjectMapper JSON = new ObjectMapper();
    static final String WALLET_KEY = "4f3c2b1a00112233445566778899aabbccddeeff00112233445566778899aabb";
    static final String OPERATOR_KEY = "operator-0123456789abcdef0123456789abcdef0123456789abcdef01234567";
    static final String PREVIOUS_KEY = "previous-0123456789abcdef0123456789abcdef0123456789abcdef0123456";
    static final String EXPIRED_KEY = "expired-0123456789abcdef0123456789abcdef0123456789abcdef012345678";
    /** The viewer's address as CloudFront measured it (event.viewer.ip). */
    static final String VIEWER_IP = "2001:db8::7";
    /** The origin secret the edge sends on (64 hex digits, as the stack generates). */
    static final String ORIGIN_SECRET = "0a9b8c7d6e5f40312233445566778899aabbccddeeff00112233445566778899";
    /** The key store's entry of the origin secret (not a digest). */
    static final String ORIGIN_ENTRY = "origin-secret";
    /**
     * The store after infra/edge-keys.sh with no rotation under way: each key's digest, its role, no end; and the
     * origin secret.
     */
    static final Map<String, String> CURRENT_KEYS =
            Map.of(sha256(WALLET_KEY), "auth", sha256(OPERATOR_KEY), "operator", ORIGIN_ENTRY, ORIGIN_SECRET);

    private EdgeFunctionHarness() {}

    static ObjectNode request(String method, String authorization, String origin) {
        ObjectNode request = JSON.createObjectNode();
        request.put("method", method);
        request.put("uri", "/x86_64");
        ObjectNode headers = request.putObject("headers");
        if (authorization != null) headers.putObject("authorization").put("value", authorization);
        if (origin != null) headers.putObject("origin").put("value", origin);
        return request;
    }

    static void assertForwarded(JsonNode result, String authorization) {
        assertForwarded(result, authorization, ORIGIN_SECRET);
    }

    /** Forwarded with {@code secret} as the origin secret, whatever the viewer sent under that name. */
    static void assertForwarded(JsonNode result, String authorization, String secret) {
        // The function returns the request itself (CloudFront then forwards it), not a response.
        assertFalse(result.has("statusCode"), "forwarded, not answered: " + result);
        assertEquals("/x86_64", result.path("uri").asText(), "the request unchanged: " + result);
        // With the viewer's address as CloudFront measured it, whatever the viewer sent under that name.
        assertEquals(VIEWER_IP, result.at("/headers/x-viewer-address/value").asText(), "the viewer's address");
        assertEquals(secret, result.at("/headers/x-origin-secret/value").asText(), "the origin secret vouches for it");
        if (authorization != null)
            assertEquals(
                    authorization, result.at("/headers/authorization/value").asText(), "the key goes on");
    }

    static void assertRefused(JsonNode result, String error, String origin) throws IOException {
        assertRefused(result, error, origin, "");
    }

    static void assertRefused(JsonNode result, String error, String origin, String what) throws IOException {
        // The application's own refusal: HTTP 200 and nano_node's error JSON.
        assertEquals(200, result.path("statusCode").asInt(), what + "answered at the edge: " + result);
        JsonNode body = JSON.readTree(result.at("/body/data").asText());
        assertEquals(error, body.path("error").asText(), what + body);
        assertTrue(
                body.path("hint")
                        .asText()
                        .contains(error.equals("Key unavailable") ? "retry" : "Authorization: Bearer"),
                "" + body);
        assertFalse(result.path("headers").has("x-origin-secret"), "a refusal never carries the secret: " + result);
        assertEquals(
                origin == null ? "" : origin,
                result.at("/headers/access-control-allow-origin/value").asText(),
                "CORS on the refusal: " + result);
    }

    /**
     * Renders the function as Terraform does (templatefile), and runs it in {@code dir} on each request in Node.js
     * with a key store holding {@code store} (digest -> value).
     */
    static JsonNode run(
            Path dir, boolean open, String origins, boolean storeDown, Map<String, String> store, ArrayNode requests)
            throws Exception {
        String source = Files.readString(SOURCE, StandardCharsets.UTF_8);
        assertTrue(source.contains("${open}") && source.contains("${origins}"), "the template's variables");
        String rendered = source.replace("${open}", String.valueOf(open)).replace("${origins}", origins);
        Files.writeString(dir.resolve("function.mjs"), rendered + "\nexport { handler };\n");
        Path module = Files.createDirectories(dir.resolve("node_modules/cloudfront"));
        Files.writeString(module.resolve("package.json"), "{\"type\":\"module\",\"main\":\"index.mjs\"}");
        // The key store as CloudFront's: get(key) resolves to the value, and rejects for a key it lacks; exists(key)
        // too, so that a function that still called it would see the store. Unreadable when asked.
        String unreadable = "if (" + storeDown + ") throw new Error('store unreadable');";
        Files.writeString(
                module.resolve("index.mjs"),
                "const entries = new Map(Object.entries(" + JSON.writeValueAsString(store) + "));\n"
                        + "export default { kvs: () => ({\n"
                        + "  get: async (key) => { " + unreadable
                        + " if (!entries.has(key)) throw new Error('key not found'); return entries.get(key); },\n"
                        + "  exists: async (key) => { " + unreadable + " return entries.has(key); },\n"
                        + "}) };\n");
        Files.writeString(dir.resolve("requests.json"), JSON.writeValueAsString(requests));
        Files.writeString(
                dir.resolve("run.mjs"),
                "import { handler } from './function.mjs';\nimport fs from 'fs';\n"
                        + "const out = [];\nfor (const request of JSON.parse(fs.readFileSync('requests.json', 'utf8')))"
                        + " out.push(await handler({ request, viewer: { ip: '" + VIEWER_IP + "' } }));\n"
                        + "console.log(JSON.stringify(out));\n");
        Process node = new ProcessBuilder(Hcl.requireNode(System.getenv().getOrDefault("NODE", "node")), "run.mjs")
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(node.waitFor(60, TimeUnit.SECONDS), "node finished");
        assertEquals(0, node.exitValue(), "node: " + output);
        JsonNode results = JSON.readTree(output);
        assertEquals(requests.size(), results.size(), output);
        return results;
    }

    static String sha256(String key) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
