package dev.nanowork.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The edge's CloudFront function (terraform/stacks/work-api/edge/viewer-request.js), run in Node.js with a stand-in
 * for CloudFront's key store that holds the SHA-256 digests this test computes, with the values infra/edge-keys.sh
 * writes: a stranger's request is answered at the edge and never forwarded (so it spends none of the API's
 * throttles), a key holder's is forwarded untouched, a rotated key's previous version until its grace ends.
 */
class EdgeFunctionTest {
    private static final Path SOURCE = Hcl.TERRAFORM.resolve("stacks/work-api/edge/viewer-request.js");
    private static final Path AUTHORIZATION_CASES = Path.of("src/test/resources/authorization-cases.json");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String WALLET_KEY = "4f3c2b1a00112233445566778899aabbccddeeff00112233445566778899aabb";
    private static final String OPERATOR_KEY = "operator-0123456789abcdef0123456789abcdef0123456789abcdef01234567";
    private static final String PREVIOUS_KEY = "previous-0123456789abcdef0123456789abcdef0123456789abcdef0123456";
    private static final String EXPIRED_KEY = "expired-0123456789abcdef0123456789abcdef0123456789abcdef012345678";
    /** The viewer's address as CloudFront measured it (event.viewer.ip). */
    private static final String VIEWER_IP = "2001:db8::7";
    /** The store after infra/edge-keys.sh with no rotation under way: each key's digest, its role, no end. */
    private static final Map<String, String> CURRENT_KEYS =
            Map.of(sha256(WALLET_KEY), "auth", sha256(OPERATOR_KEY), "operator");

    @TempDir
    Path dir;

    @Test
    void strangersAreAnsweredAtTheEdgeAndKeyHoldersPass() throws Exception {
        ArrayNode cases = JSON.createArrayNode();
        cases.add(request("POST", null, null));
        cases.add(request("POST", "Bearer wrong", null));
        cases.add(request("POST", "Bearer " + WALLET_KEY, null));
        cases.add(request("POST", "bearer  " + OPERATOR_KEY + " ", null));
        ((ObjectNode) cases.get(3).get("headers")).putObject("x-viewer-address").put("value", "198.51.100.1");
        cases.add(request("POST", "Basic " + WALLET_KEY, null));
        cases.add(request("POST", WALLET_KEY, null));
        cases.add(request("POST", null, "https://wallet.example"));
        JsonNode results = run(false, "[\"https://wallet.example\"]", false, CURRENT_KEYS, cases);

        assertRefused(results.get(0), "Key required", null);
        assertRefused(results.get(1), "Invalid key", null);
        assertForwarded(results.get(2), "Bearer " + WALLET_KEY);
        assertForwarded(results.get(3), "bearer  " + OPERATOR_KEY + " ");
        // Malformed (authorization-cases.json): refused as a wrong key, not as a missing one.
        assertRefused(results.get(4), "Invalid key", null);
        assertRefused(results.get(5), "Invalid key", null);
        // A browser is told too: the refusal carries its allowed origin.
        assertRefused(results.get(6), "Key required", "https://wallet.example");
    }

    @Test
    void preflightsAreAnsweredAtTheEdgeForTheAllowedOriginsOnly() throws Exception {
        ArrayNode cases = JSON.createArrayNode();
        cases.add(request("OPTIONS", null, "https://wallet.example"));
        cases.add(request("OPTIONS", null, "https://evil.example"));
        JsonNode results = run(false, "[\"https://wallet.example\"]", false, CURRENT_KEYS, cases);

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
        assertRefused(
                run(false, "[\"https://wallet.example\"]", true, CURRENT_KEYS, cases)
                        .get(0),
                "Invalid key",
                null);
    }

    @Test
    void anOpenEndpointForwardsKeylessRequests() throws Exception {
        ArrayNode cases = JSON.createArrayNode();
        cases.add(request("POST", null, null));
        cases.add(request("OPTIONS", null, "https://any.example"));
        JsonNode results = run(true, "[\"*\"]", false, CURRENT_KEYS, cases);
        assertForwarded(results.get(0), null);
        assertEquals(
                "*",
                results.get(1).at("/headers/access-control-allow-origin/value").asText(),
                "" + results);
    }

    /**
     * infra/edge-keys.sh during a rotation: the current version's digest with no end, the previous version's until
     * the end of the grace (the same end the functions apply), one whose grace is over (the script is not rerun).
     */
    @Test
    void aRotatedKeysPreviousVersionPassesUntilItsGraceEnds() throws Exception {
        long now = System.currentTimeMillis() / 1000;
        Map<String, String> store = new LinkedHashMap<>(CURRENT_KEYS);
        store.put(sha256(PREVIOUS_KEY), "auth until=" + (now + 600));
        store.put(sha256(EXPIRED_KEY), "auth until=" + (now - 1));
        // A value of another form is refused, not read as "no end".
        store.put(sha256("garbled-key"), "auth until=soon");
        ArrayNode cases = JSON.createArrayNode();
        cases.add(request("POST", "Bearer " + WALLET_KEY, null));
        cases.add(request("POST", "Bearer " + PREVIOUS_KEY, null));
        cases.add(request("POST", "Bearer " + EXPIRED_KEY, null));
        cases.add(request("POST", "Bearer garbled-key", null));
        JsonNode results = run(false, "[\"https://wallet.example\"]", false, store, cases);

        assertForwarded(results.get(0), "Bearer " + WALLET_KEY);
        assertForwarded(results.get(1), "Bearer " + PREVIOUS_KEY);
        assertRefused(results.get(2), "Invalid key", null);
        assertRefused(results.get(3), "Invalid key", null);
    }

    /**
     * Every case of the one Authorization grammar (authorization-cases.json, which the application's tests run too):
     * missing is 'Key required', malformed 'Invalid key', bearer the token's digest looked up. The store holds the
     * digest of every word of every header (and of each whole header), so that a malformed header is refused for
     * its form, not because a lenient reading of it found no key.
     */
    @Test
    void theOneAuthorizationGrammar() throws Exception {
        JsonNode cases = JSON.readTree(AUTHORIZATION_CASES.toFile()).get("cases");
        Map<String, String> store = new LinkedHashMap<>();
        ArrayNode requests = JSON.createArrayNode();
        for (JsonNode c : cases) {
            String header = c.get("header").isNull() ? null : c.get("header").asText();
            if (header != null) {
                store.put(sha256(header.strip()), "auth");
                for (String word : header.split("[ \\t:]+")) store.put(sha256(word), "auth");
            }
            if (c.has("token")) store.put(sha256(c.get("token").asText()), "auth");
            requests.add(request("POST", header, null));
        }
        JsonNode results = run(false, "[\"https://wallet.example\"]", false, store, requests);

        Map<String, Integer> readings = new TreeMap<>();
        for (int i = 0; i < cases.size(); i++) {
            JsonNode c = cases.get(i);
            String reads = c.get("reads").asText();
            readings.merge(reads, 1, Integer::sum);
            String what = "case " + c + ": ";
            switch (reads) {
                case "missing" -> assertRefused(results.get(i), "Key required", null, what);
                case "malformed" -> assertRefused(results.get(i), "Invalid key", null, what);
                case "bearer" -> assertForwarded(results.get(i), c.get("header").asText());
                default -> throw new AssertionError(what + "unknown reading " + reads);
            }
        }
        // The file cannot silently check nothing: each reading is there.
        assertEquals(Set.of("bearer", "malformed", "missing"), readings.keySet(), "readings " + readings);
    }

    /**
     * infra/edge-keys.sh, run against stand-ins for the AWS CLI and terraform output: ten minutes into a rotation it
     * writes the current digest as "auth" and the previous one (NAME:1) until the new version's LastModifiedDate plus
     * the grace, rounded up to the second, which the edge function then accepts; past the grace it writes the
     * current one alone (the previous is deleted, refused); and when the previous version cannot be read it writes
     * nothing at all (no digest deleted early).
     */
    @Test
    void edgeKeysWritesThePreviousKeyUntilTheFunctionsGraceEnds() throws Exception {
        for (String tool : List.of("bash", "jq", "sha256sum", "awk"))
            Assumptions.assumeTrue(onPath(tool), tool + " is not installed (infra/edge-keys.sh needs it)");
        long grace = 1800;
        // A quarter second past a whole one: the end is rounded up, never before the functions'.
        Instant modified = Instant.now()
                .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                .minusSeconds(600)
                .plusMillis(250);
        Map<String, String> store = edgeKeys(modified, grace, true);
        long until = modified.getEpochSecond() + 1 + grace;
        assertEquals(
                Map.of(
                        sha256(WALLET_KEY), "auth",
                        sha256(PREVIOUS_KEY), "auth until=" + until,
                        sha256(OPERATOR_KEY), "operator"),
                store,
                "the current digests and the previous one with its end");
        ArrayNode cases = JSON.createArrayNode();
        cases.add(request("POST", "Bearer " + WALLET_KEY, null));
        cases.add(request("POST", "Bearer " + PREVIOUS_KEY, null));
        JsonNode during = run(false, "[\"https://wallet.example\"]", false, store, cases);
        assertForwarded(during.get(0), "Bearer " + WALLET_KEY);
        assertForwarded(during.get(1), "Bearer " + PREVIOUS_KEY);

        Map<String, String> after = edgeKeys(Instant.now().minusSeconds(grace + 5), grace, true);
        assertEquals(Map.of(sha256(WALLET_KEY), "auth", sha256(OPERATOR_KEY), "operator"), after, "past the grace");
        assertRefused(
                run(false, "[\"https://wallet.example\"]", false, after, cases).get(1), "Invalid key", null);

        assertNull(edgeKeys(modified, grace, false), "the previous version unreadable: nothing written");
    }

    /**
     * Runs infra/edge-keys.sh with stand-ins: the wallets' parameter at version 2 written at {@code modified}
     * (version 1 holds PREVIOUS_KEY, readable or not), the operator's at version 1. Returns the store it wrote
     * (digest -> value), or null when it wrote nothing; checks it deleted the stale digest.
     */
    private Map<String, String> edgeKeys(Instant modified, long grace, boolean previousReadable) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path puts = dir.resolve("puts.json");
        Files.deleteIfExists(puts);
        Path deletes = dir.resolve("deletes.json");
        String parameter = "{\"Value\":\"%s\",\"Version\":%d,\"LastModifiedDate\":\"%s\"}";
        script(bin.resolve("terraform"), """
                case "${@: -1}" in
                  edge_key_value_store_arn) echo '"arn:aws:cloudfront::123456789012:key-value-store/test"' ;;
                  key_rotation_grace_seconds) echo %d ;;
                  auth_key_parameter_arn) echo '"arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/auth-key"' ;;
                  operator_key_parameter_arn) echo '"arn:aws:ssm:us-east-1:123456789012:parameter/nano-work/operator-key"' ;;
                  *) exit 1 ;;
                esac
                """.formatted(grace));
        script(bin.resolve("aws"), """
                args=("$@"); for ((i = 0; i < $#; i++)); do case "${args[i]}" in
                  --name) name=${args[i+1]} ;; --puts) printf '%%s' "${args[i+1]}" > '%s' ;;
                  --deletes) printf '%%s' "${args[i+1]}" > '%s' ;; esac; done
                case "$1 $2" in
                  "ssm get-parameter") case $name in
                    /nano-work/auth-key) echo '%s' ;;
                    /nano-work/auth-key:1) %s ;;
                    /nano-work/operator-key) echo '%s' ;;
                    *) exit 254 ;; esac ;;
                  "cloudfront-keyvaluestore list-keys") echo '["stale-digest"]' ;;
                  "cloudfront-keyvaluestore describe-key-value-store") echo ETAG ;;
                esac
                """.formatted(
                        puts,
                        deletes,
                        parameter.formatted(WALLET_KEY, 2, modified),
                        previousReadable
                                ? "echo '" + parameter.formatted(PREVIOUS_KEY, 1, modified.minusSeconds(86_400)) + "'"
                                : "echo 'ParameterVersionNotFound' >&2; exit 254",
                        parameter.formatted(OPERATOR_KEY, 1, modified.minusSeconds(86_400))));
        ProcessBuilder builder = new ProcessBuilder("bash", "infra/edge-keys.sh").redirectErrorStream(true);
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process script = builder.start();
        String output = new String(script.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(script.waitFor(60, TimeUnit.SECONDS), "edge-keys.sh finished");
        if (!previousReadable) {
            assertTrue(script.exitValue() != 0 && !Files.exists(puts), "stops before writing: " + output);
            return null;
        }
        assertEquals(0, script.exitValue(), "edge-keys.sh: " + output);
        assertEquals("[{\"Key\":\"stale-digest\"}]", Files.readString(deletes), "the stale digest deleted");
        Map<String, String> written = new LinkedHashMap<>();
        JSON.readTree(puts.toFile())
                .forEach(p -> written.put(p.get("Key").asText(), p.get("Value").asText()));
        return written;
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/usr/bin/env bash\n" + body);
        assertTrue(file.toFile().setExecutable(true), "executable " + file);
    }

    private static boolean onPath(String tool) {
        return java.util.Arrays.stream(System.getenv("PATH").split(":"))
                .anyMatch(d -> Files.isExecutable(Path.of(d, tool)));
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
        // With the viewer's address as CloudFront measured it, whatever the viewer sent under that name.
        assertEquals(VIEWER_IP, result.at("/headers/x-viewer-address/value").asText(), "the viewer's address");
        if (authorization != null)
            assertEquals(
                    authorization, result.at("/headers/authorization/value").asText(), "the key goes on");
    }

    private static void assertRefused(JsonNode result, String error, String origin) throws IOException {
        assertRefused(result, error, origin, "");
    }

    private static void assertRefused(JsonNode result, String error, String origin, String what) throws IOException {
        // The application's own refusal: HTTP 200 and nano_node's error JSON.
        assertEquals(200, result.path("statusCode").asInt(), what + "answered at the edge: " + result);
        JsonNode body = JSON.readTree(result.at("/body/data").asText());
        assertEquals(error, body.path("error").asText(), what + body);
        assertTrue(body.path("hint").asText().contains("Authorization: Bearer"), "" + body);
        assertEquals(
                origin == null ? "" : origin,
                result.at("/headers/access-control-allow-origin/value").asText(),
                "CORS on the refusal: " + result);
    }

    /**
     * Renders the function as Terraform does (templatefile), and runs it on each request in Node.js with a key store
     * holding {@code store} (digest -> value).
     */
    private JsonNode run(boolean open, String origins, boolean storeDown, Map<String, String> store, ArrayNode requests)
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

    private static String sha256(String key) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
