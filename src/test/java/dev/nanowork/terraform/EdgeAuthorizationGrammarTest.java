package dev.nanowork.terraform;

import static dev.nanowork.terraform.EdgeFunctionHarness.JSON;
import static dev.nanowork.terraform.EdgeFunctionHarness.ORIGIN_ENTRY;
import static dev.nanowork.terraform.EdgeFunctionHarness.ORIGIN_SECRET;
import static dev.nanowork.terraform.EdgeFunctionHarness.assertForwarded;
import static dev.nanowork.terraform.EdgeFunctionHarness.assertRefused;
import static dev.nanowork.terraform.EdgeFunctionHarness.request;
import static dev.nanowork.terraform.EdgeFunctionHarness.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The edge's CloudFront function reads the Authorization header by the one grammar, every case of
 * authorization-cases.json (which the application's BearerHeaderTest runs too), run in Node.js over a stand-in key store.
 */
class EdgeAuthorizationGrammarTest {
    private static final Path AUTHORIZATION_CASES = Path.of("src/test/resources/authorization-cases.json");

    @TempDir
    Path dir;

    /**
     * Every case of the one Authorization grammar (authorization-cases.json, which the application's tests run too):
     * missing is 'Key required', malformed 'Invalid key', bearer the token's digest looked up. The store holds the
     * digest of every word of every header (and of each whole header), so that a malformed header is refused for
     * its form, not because a lenient reading of it found no key.
     */
    @Test
    void theOneAuthorizationGrammar() throws Exception {
        JsonNode cases = JSON.readTree(AUTHORIZATION_CASES.toFile()).get("cases");
        Map<String, String> store = new LinkedHashMap<>(Map.of(ORIGIN_ENTRY, ORIGIN_SECRET));
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
        JsonNode results = EdgeFunctionHarness.run(dir, false, "[\"https://wallet.example\"]", false, store, requests);

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
}
