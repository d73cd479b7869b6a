package dev.nanowork.terraform;

import static dev.nanowork.terraform.EdgeFunctionHarness.CURRENT_KEYS;
import static dev.nanowork.terraform.EdgeFunctionHarness.EXPIRED_KEY;
import static dev.nanowork.terraform.EdgeFunctionHarness.JSON;
import static dev.nanowork.terraform.EdgeFunctionHarness.OPERATOR_KEY;
import static dev.nanowork.terraform.EdgeFunctionHarness.PREVIOUS_KEY;
import static dev.nanowork.terraform.EdgeFunctionHarness.WALLET_KEY;
import static dev.nanowork.terraform.EdgeFunctionHarness.assertForwarded;
import static dev.nanowork.terraform.EdgeFunctionHarness.assertRefused;
import static dev.nanowork.terraform.EdgeFunctionHarness.request;
import static dev.nanowork.terraform.EdgeFunctionHarness.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key rotation at the edge: the edge's CloudFront function, run in Node.js, accepts a rotated key's previous version
 * until its grace ends, and infra/edge-keys.sh, run against stand-ins for the AWS CLI and terraform output, writes the
 * key store that makes it so.
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
        JsonNode during = run(store, cases);
        assertForwarded(during.get(0), "Bearer " + WALLET_KEY);
        assertForwarded(during.get(1), "Bearer " + PREVIOUS_KEY);

        Map<String, String> after = edgeKeys(Instant.now().minusSeconds(grace + 5), grace, true);
        assertEquals(Map.of(sha256(WALLET_KEY), "auth", sha256(OPERATOR_KEY), "operator"), after, "past the grace");
        assertRefused(run(after, cases).get(1), "Invalid key", null);

        assertNull(edgeKeys(modified, grace, false), "the previous version unreadable: nothing written");
    }

    /** The function with a key required and the wallet's origin allowed, over a readable store. */
    private JsonNode run(Map<String, String> store, ArrayNode requests) throws Exception {
        return EdgeFunctionHarness.run(dir, false, "[\"https://wallet.example\"]", false, store, requests);
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
}
