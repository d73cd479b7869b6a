package dev.nanowork.terraform;

import static dev.nanowork.terraform.EdgeFunctionHarness.CURRENT_KEYS;
import static dev.nanowork.terraform.EdgeFunctionHarness.JSON;
import static dev.nanowork.terraform.EdgeFunctionHarness.OPERATOR_KEY;
import static dev.nanowork.terraform.EdgeFunctionHarness.ORIGIN_ENTRY;
import static dev.nanowork.terraform.EdgeFunctionHarness.ORIGIN_SECRET;
import static dev.nanowork.terraform.EdgeFunctionHarness.WALLET_KEY;
import static dev.nanowork.terraform.EdgeFunctionHarness.assertForwarded;
import static dev.nanowork.terraform.EdgeFunctionHarness.assertRefused;
import static dev.nanowork.terraform.EdgeFunctionHarness.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The edge's CloudFront function (terraform/stacks/work-api/edge/viewer-request.js), run in Node.js with a stand-in
 * for CloudFront's key store that holds the SHA-256 digests of the current keys, as infra/edge-keys.sh writes them: a
 * stranger's request is answered at the edge and never forwarded (so it spends none of the API's throttles), a key
 * holder's is forwarded untouched but for the viewer's address and the origin secret the edge sets, preflights are
 * answered per origin, an open endpoint forwards keyless requests, and nothing is forwarded without the secret.
 * The Authorization grammar is {@link EdgeAuthorizationGrammarTest}'s, key rotation {@link EdgeKeyRotationTest}'s.
 */
class EdgeFunctionTest {
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

    /**
     * The origin secret (issue 43): every forwarded request carries the key store's, over whatever the viewer sent
     * under that name; during its rotation the old value until the entry's switch time, the new one from then; with
     * no entry, or one of another form, nothing is forwarded (the functions would refuse it anyway).
     */
    @Test
    void everyForwardedRequestCarriesTheOriginSecretOverWhatTheViewerSent() throws Exception {
        ArrayNode cases = JSON.createArrayNode();
        cases.add(request("POST", "Bearer " + WALLET_KEY, null));
        ObjectNode forged = (ObjectNode) cases.get(0).get("headers");
        forged.putObject("x-origin-secret").put("value", "forged-by-the-viewer");
        forged.putObject("x-viewer-address").put("value", "198.51.100.1");
        JsonNode results = run(false, "[\"*\"]", false, CURRENT_KEYS, cases);
        assertForwarded(results.get(0), "Bearer " + WALLET_KEY, ORIGIN_SECRET);

        long now = System.currentTimeMillis() / 1000;
        String newer = "1f2e3d4c5b6a79881726354453627180f1e2d3c4b5a6978817263544536271800";
        Map<String, String> rotating = new HashMap<>(CURRENT_KEYS);
        rotating.put(ORIGIN_ENTRY, newer + " from=" + (now + 600) + " " + ORIGIN_SECRET);
        assertForwarded(run(false, "[\"*\"]", false, rotating, one()).get(0), "Bearer " + WALLET_KEY, ORIGIN_SECRET);
        rotating.put(ORIGIN_ENTRY, newer + " from=" + (now - 1) + " " + ORIGIN_SECRET);
        assertForwarded(run(false, "[\"*\"]", false, rotating, one()).get(0), "Bearer " + WALLET_KEY, newer);
    }

    @Test
    void withoutItsOriginSecretTheEdgeForwardsNothing() throws Exception {
        Map<String, String> missing = new HashMap<>(CURRENT_KEYS);
        missing.remove(ORIGIN_ENTRY);
        assertRefused(run(false, "[\"*\"]", false, missing, one()).get(0), "Key unavailable", "*", "no entry: ");
        assertRefused(run(true, "[\"*\"]", false, missing, one()).get(0), "Key unavailable", "*", "open: ");
        Map<String, String> garbled = new HashMap<>(CURRENT_KEYS);
        garbled.put(ORIGIN_ENTRY, ORIGIN_SECRET + " from=soon old");
        assertRefused(run(false, "[\"*\"]", false, garbled, one()).get(0), "Key unavailable", "*", "garbled: ");
    }

    /** One wallet's request, from a browser at any origin. */
    private static ArrayNode one() {
        ArrayNode cases = JSON.createArrayNode();
        cases.add(request("POST", "Bearer " + WALLET_KEY, "https://wallet.example"));
        return cases;
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

    private JsonNode run(boolean open, String origins, boolean storeDown, Map<String, String> store, ArrayNode requests)
            throws Exception {
        return EdgeFunctionHarness.run(dir, open, origins, storeDown, store, requests);
    }
}
