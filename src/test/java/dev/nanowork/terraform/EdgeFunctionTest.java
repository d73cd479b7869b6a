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
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The edge's CloudFront function (terraform/stacks/work-api/edge/viewer-request.js), run in Node.js with a stand-in
 * for CloudFront's key store that holds the SHA-256 digests this test computes: a stranger's request is answered at
 * the edge and never forwarded (so it spends none of the API's throttles), a key holder's is forwarded untouched.
 */
class EdgeFunctionTest {
    private static final Path SOURCE = Hcl.TERRAFORM.resolve("stacks/work-api/edge/viewer-request.js");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String WALLET_KEY = "4f3c2b1a00112233445566778899aabbccddeeff00112233445566778899aabb";
    private static final String OPERATOR_KEY = "operator-0123456789abcdef0123456789abcdef0123456789abcdef01234567";

    @TempDir
    Path dir;

    @Test
    void strangersAreAnsweredAtTheEdgeAndKeyHoldersPass() throws Exception {
        ArrayNode cases = JSON.createArrayNode();
        cases.add(request("POST", null, null));
        cases.add(request("POST", "Bearer wrong", null));
        cases.add(request("POST", "Bearer " + WALLET_KEY, null));
        cases.add(request("POST", "bearer  " + OPERATOR_KEY + " ", null));
        cases.add(request("POST", "Basic " + WALLET_KEY, null));
        cases.add(request("POST", WALLET_KEY, null));
        cases.add(request("POST", null, "https://wallet.example"));
        JsonNode results = run(false, "[\"https://wallet.example\"]", false, cases);

        assertRefused(results.get(0), "Key required", null);
        assertRefused(results.get(1), "Invalid key", null);
        assertForwarded(results.get(2), "Bearer " + WALLET_KEY);
        assertForwarded(results.get(3), "bearer  " + OPERATOR_KEY + " ");
        assertRefused(results.get(4), "Key required", null);
        assertRefused(results.get(5), "Key required", null);
        // A browser is told too: the refusal carries its allowed origin.
        assertRefused(results.get(6), "Key required", "https://wallet.example");
    }

    @Test
    void preflightsAreAnsweredAtTheEdgeForTheAllowedOriginsOnly() throws Exception {
        ArrayNode cases = JSON.createArrayNode();
        cases.add(request("OPTIONS", null, "https://wallet.example"));
        cases.add(request("OPTIONS", null, "https://evil.example"));
        JsonNode results = run(false, "[\"https://wallet.example\"]", false, cases);

        JsonNode allowed = results.get(0);
        assertEquals(204, allowed.path("statusCode").asInt(), "preflight answered: " + allowed);
        assertEquals(
                "https://wallet.example",
                allowed.at("/headers/access-control-allow-origin/value").asText(),
                "" + allowed);
        assertEquals(
                "authorization, content-type",
                allowed.at("/headers/access-control-allow-headers/value").asText(),
                "a browser may send the key: " + allowed);
        JsonNode refused = results.get(1);
        assertEquals(403, refused.path("statusCode").asInt(), "another origin refused: " + refused);
        assertFalse(refused.path("headers").has("access-control-allow-origin"), "" + refused);
    }

    @Test
    void anUnreadableKeyStoreRefusesEveryKey() throws Exception {
        ArrayNode cases = JSON.createArrayNode();
        cases.add(request("POST", "Bearer " + WALLET_KEY, null));
        assertRefused(run(false, "[\"https://wallet.example\"]", true, cases).get(0), "Invalid key", null);
    }

    @Test
    void anOpenEndpointForwardsKeylessRequests() throws Exception {
        ArrayNode cases = JSON.createArrayNode();
        cases.add(request("POST", null, null));
        cases.add(request("OPTIONS", null, "https://any.example"));
        JsonNode results = run(true, "[\"*\"]", false, cases);
        assertForwarded(results.get(0), null);
        assertEquals(
                "*",
                results.get(1).at("/headers/access-control-allow-origin/value").asText(),
                "" + results);
    }

    private static ObjectNode request(String method, String authorization, String origin) {
        ObjectNode request = JSON.createObjectNode();
        request.put("method", method);
        request.put("uri", "/x86_64");
        ObjectNode headers = request.putObject("headers");
        if (authorization != null) headers.putObject("authorization").put("value", authorization);
        if (origin != null) headers.putObject("origin").put("value", origin);
        return request;
    }

    private static void assertForwarded(JsonNode result, String authorization) {
        // The function returns the request itself (CloudFront then forwards it), not a response.
        assertFalse(result.has("statusCode"), "forwarded, not answered: " + result);
        assertEquals("/x86_64", result.path("uri").asText(), "the request unchanged: " + result);
        if (authorization != null)
            assertEquals(
                    authorization, result.at("/headers/authorization/value").asText(), "the key goes on");
    }

    private static void assertRefused(JsonNode result, String error, String origin) throws IOException {
        // The application's own refusal: HTTP 200 and nano_node's error JSON.
        assertEquals(200, result.path("statusCode").asInt(), "answered at the edge: " + result);
        JsonNode body = JSON.readTree(result.at("/body/data").asText());
        assertEquals(error, body.path("error").asText(), "" + body);
        assertTrue(body.path("hint").asText().contains("Authorization: Bearer"), "" + body);
        assertEquals(
                origin == null ? "" : origin,
                result.at("/headers/access-control-allow-origin/value").asText(),
                "CORS on the refusal: " + result);
    }

    /** Renders the function as Terraform does (templatefile), and runs it on each request in Node.js. */
    private JsonNode run(boolean open, String origins, boolean storeDown, ArrayNode requests) throws Exception {
        String source = Files.readString(SOURCE, StandardCharsets.UTF_8);
        assertTrue(source.contains("${open}") && source.contains("${origins}"), "the template's variables");
        String rendered = source.replace("${open}", String.valueOf(open)).replace("${origins}", origins);
        Files.writeString(dir.resolve("function.mjs"), rendered + "\nexport { handler };\n");
        Path module = Files.createDirectories(dir.resolve("node_modules/cloudfront"));
        Files.writeString(module.resolve("package.json"), "{\"type\":\"module\",\"main\":\"index.mjs\"}");
        // The key store: exists(key) over the digests this test computed; unreadable when asked.
        Files.writeString(
                module.resolve("index.mjs"),
                "const digests = new Set(" + JSON.writeValueAsString(List.of(sha256(WALLET_KEY), sha256(OPERATOR_KEY)))
                        + ");\nexport default { kvs: () => ({ exists: async (key) => { if (" + storeDown
                        + ") throw new Error('store unreadable'); return digests.has(key); } }) };\n");
        Files.writeString(dir.resolve("requests.json"), JSON.writeValueAsString(requests));
        Files.writeString(
                dir.resolve("run.mjs"),
                "import { handler } from './function.mjs';\nimport fs from 'fs';\n"
                        + "const out = [];\nfor (const request of JSON.parse(fs.readFileSync('requests.json', 'utf8')))"
                        + " out.push(await handler({ request }));\nconsole.log(JSON.stringify(out));\n");
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

    private static String sha256(String key) throws NoSuchAlgorithmException {
        return HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
    }
}
