package dev.nanowork.terraform;

import static dev.nanowork.terraform.EdgeFunctionHarness.CURRENT_KEYS;
import static dev.nanowork.terraform.EdgeFunctionHarness.EXPIRED_KEY;
import static dev.nanowork.terraform.EdgeFunctionHarness.JSON;
import static dev.nanowork.terraform.EdgeFunctionHarness.OPERATOR_KEY;
import static dev.nanowork.terraform.EdgeFunctionHarness.ORIGIN_ENTRY;
import static dev.nanowork.terraform.EdgeFunctionHarness.ORIGIN_SECRET;
import static dev.nanowork.terraform.EdgeFunctionHarness.PREVIOUS_KEY;
import static dev.nanowork.terraform.EdgeFunctionHarness.WALLET_KEY;
import static dev.nanowork.terraform.EdgeFunctionHarness.assertForwarded;
import static dev.nanowork.terraform.EdgeFunctionHarness.assertRefused;
import static dev.nanowork.terraform.EdgeFunctionHarness.request;
import static dev.nanowork.terraform.EdgeFunctionHarness.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key rotation at the edge: the edge's CloudFront function, run in Node.js, accepts a rotated key's previous version
 * until its grace ends, and infra/edge-keys.sh, run against stand-ins for the AWS CLI and terraform output
 * ({@link EdgeKeysScript}), writes the key store that makes it so: the keys' digests, and the origin secret with its
 * switch time during its own rotation; never a weak key's digest.
 */
class EdgeKeyRotationTest {
    @TempDir
    Path dir;

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
        JsonNode results = run(store, cases);

        assertForwarded(results.get(0), "Bearer " + WALLET_KEY);
        assertForwarded(results.get(1), "Bearer " + PREVIOUS_KEY);
        assertRefused(results.get(2), "Invalid key", null);
        assertRefused(results.get(3), "Invalid key", null);
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
        assumeTools();
        long grace = 1800;
        // A quarter second past a whole one: the end is rounded up, never before the functions'.
        Instant modified = Instant.now()
                .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                .minusSeconds(600)
                .plusMillis(250);
        Map<String, String> store =
                edgeKeys(walletRotated(modified, true), grace).written();
        long until = modified.getEpochSecond() + 1 + grace;
        assertEquals(
                Map.of(
                        sha256(WALLET_KEY),
                        "auth",
                        sha256(PREVIOUS_KEY),
                        "auth until=" + until,
                        sha256(OPERATOR_KEY),
                        "operator",
                        ORIGIN_ENTRY,
                        ORIGIN_SECRET),
                store,
                "the current digests and the previous one with its end, and the origin secret");
        ArrayNode cases = JSON.createArrayNode();
        cases.add(request("POST", "Bearer " + WALLET_KEY, null));
        cases.add(request("POST", "Bearer " + PREVIOUS_KEY, null));
        JsonNode during = run(store, cases);
        assertForwarded(during.get(0), "Bearer " + WALLET_KEY);
        assertForwarded(during.get(1), "Bearer " + PREVIOUS_KEY);

        Map<String, String> after = edgeKeys(walletRotated(Instant.now().minusSeconds(grace + 5), true), grace)
                .written();
        assertEquals(
                Map.of(sha256(WALLET_KEY), "auth", sha256(OPERATOR_KEY), "operator", ORIGIN_ENTRY, ORIGIN_SECRET),
                after,
                "past the grace");
        assertRefused(run(after, cases).get(1), "Invalid key", null);

        assertNull(edgeKeys(walletRotated(modified, false), grace).written(), "the previous version unreadable");
    }

    /**
     * The origin secret's rotation: the edge sends the old value until half way between every function having read
     * the new one (its LastModifiedDate, rounded up, plus the cache) and the functions dropping the old one (plus
     * the grace), the new one from then on, with no rerun; once that switch has passed, the new value alone.
     */
    @Test
    void edgeKeysSwitchesTheOriginSecretHalfWayThroughTheWindowBothAreTaken() throws Exception {
        assumeTools();
        long cache = 300;
        long grace = 1800;
        String rotated = "5e4d3c2b1a0f9e8d7c6b5a49382716050f1e2d3c4b5a69788796a5b4c3d2e1f0";
        Instant modified = Instant.now()
                .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                .minusSeconds(60)
                .plusMillis(1);
        Map<String, String> parameters = keys(modified.minusSeconds(86_400));
        parameters.put(EdgeKeysScript.ORIGIN, EdgeKeysScript.parameter(rotated, 2, modified));
        parameters.put(
                EdgeKeysScript.ORIGIN + ":1",
                EdgeKeysScript.parameter(ORIGIN_SECRET, 1, modified.minusSeconds(86_400)));
        long from = modified.getEpochSecond() + 1 + cache + (grace - cache) / 2;
        assertEquals(
                rotated + " from=" + from + " " + ORIGIN_SECRET,
                edgeKeys(parameters, grace).written().get(ORIGIN_ENTRY),
                "the old secret until the switch, the new one from it");
        Instant past = Instant.now().minusSeconds(cache + grace / 2 + 60);
        parameters.put(EdgeKeysScript.ORIGIN, EdgeKeysScript.parameter(rotated, 2, past));
        assertEquals(
                rotated, edgeKeys(parameters, grace).written().get(ORIGIN_ENTRY), "past the switch: the new alone");
    }

    /** A key too weak to publish stops the script before it writes; a weak previous version is left out. */
    @Test
    void edgeKeysRefusesToPublishAWeakKeysDigest() throws Exception {
        assumeTools();
        Instant modified = Instant.now().minusSeconds(600);
        Map<String, String> weak = keys(modified);
        weak.put(EdgeKeysScript.OPERATOR, EdgeKeysScript.parameter("operator-key", 1, modified));
        EdgeKeysScript.Run refused = edgeKeys(weak, 1800);
        assertNull(refused.written(), "nothing written: " + refused.output());
        assertTrue(
                refused.status() != 0
                        && refused.output().contains(EdgeKeysScript.OPERATOR + " holds a weak key (12 characters)"),
                refused.output());
        assertFalse(refused.output().contains("operator-key\""), "never the key: " + refused.output());
        Map<String, String> weakPrevious = keys(modified);
        weakPrevious.put(EdgeKeysScript.WALLET, EdgeKeysScript.parameter(WALLET_KEY, 2, modified));
        weakPrevious.put(
                EdgeKeysScript.WALLET + ":1",
                EdgeKeysScript.parameter("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 1, modified));
        EdgeKeysScript.Run left = edgeKeys(weakPrevious, 1800);
        assertEquals(
                Map.of(sha256(WALLET_KEY), "auth", sha256(OPERATOR_KEY), "operator", ORIGIN_ENTRY, ORIGIN_SECRET),
                left.written(),
                left.output());
    }

    /** The function with a key required and the wallet's origin allowed, over a readable store. */
    private JsonNode run(Map<String, String> store, ArrayNode requests) throws Exception {
        return EdgeFunctionHarness.run(dir, false, "[\"https://wallet.example\"]", false, store, requests);
    }

    private EdgeKeysScript.Run edgeKeys(Map<String, String> parameters, long grace) throws Exception {
        return EdgeKeysScript.run(dir, parameters, List.of(ORIGIN_SECRET), 300, grace);
    }

    /** Every parameter at version 1, written {@code modified}. */
    private static Map<String, String> keys(Instant modified) {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put(EdgeKeysScript.WALLET, EdgeKeysScript.parameter(WALLET_KEY, 1, modified));
        parameters.put(EdgeKeysScript.OPERATOR, EdgeKeysScript.parameter(OPERATOR_KEY, 1, modified));
        parameters.put(EdgeKeysScript.ORIGIN, EdgeKeysScript.parameter(ORIGIN_SECRET, 1, modified));
        return parameters;
    }

    /** The wallets' key at version 2, written {@code modified}; version 1 (PREVIOUS_KEY) readable or not. */
    private static Map<String, String> walletRotated(Instant modified, boolean previousReadable) {
        Map<String, String> parameters = keys(modified.minusSeconds(86_400));
        parameters.put(EdgeKeysScript.WALLET, EdgeKeysScript.parameter(WALLET_KEY, 2, modified));
        if (previousReadable)
            parameters.put(
                    EdgeKeysScript.WALLET + ":1",
                    EdgeKeysScript.parameter(PREVIOUS_KEY, 1, modified.minusSeconds(86_400)));
        return parameters;
    }

    private static void assumeTools() {
        for (String tool : List.of("bash", "jq", "sha256sum", "awk"))
            Assumptions.assumeTrue(
                    EdgeKeysScript.onPath(tool), tool + " is not installed (infra/edge-keys.sh needs it)");
    }
}
