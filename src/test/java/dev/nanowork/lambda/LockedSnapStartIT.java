package dev.nanowork.lambda;

import static dev.nanowork.lambda.RuntimeAnswers.EVENTS;
import static dev.nanowork.lambda.RuntimeAnswers.JSON;
import static dev.nanowork.lambda.RuntimeAnswers.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nanowork.support.ContainerCredentialsStandIn;
import dev.nanowork.support.SsmStandIn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A locked stack's function as AWS runs it under SnapStart (issue 34): {@code function.zip} under the real runtime
 * client with the variables a SnapStart Java function gets (container credentials served here, no access-key
 * variables, no session token, no log group variables; the runtime's {@code org.crac} compatibility flag), the key
 * parameters the Terraform names, read from {@link SsmStandIn} through {@code AWS_ENDPOINT_URL_SSM}. The runtime
 * checkpoints after INIT (restore/next), the test rotates the wallets' key while the snapshot waits, restores, and
 * rotates again mid-run: a key read during INIT would be in the snapshot and the first rotation would fail here.
 */
class LockedSnapStartIT {
    static final Path STACK = Path.of("terraform", "stacks", "work-api");
    static final String AUTHORIZATION_TOKEN = "container-authorization-token-3f9e";
    static final SsmStandIn.Issued ROLE =
            new SsmStandIn.Issued("ASIAEXECUTIONROLE01", "execution-role-secret", "execution-role-session-token");
    static final Duration CACHE = Duration.ofSeconds(2);
    static final Duration GRACE = Duration.ofSeconds(8);
    // Keys as long and varied as access.KeyStrength asks (the stack generates 64 hex digits).
    static final String WALLET_KEY_1 = "wallet-key-1-0a1b2c3d4e5f60718293a4b5c6d7e8f9";
    static final String OPERATOR_KEY_1 = "operator-key-1-f9e8d7c6b5a4938271605f4e3d2c1b0a";
    static final String WALLET_KEY_2 = "wallet-key-2-1b2c3d4e5f60718293a4b5c6d7e8f90a";
    static final String WALLET_KEY_3 = "wallet-key-3-2c3d4e5f60718293a4b5c6d7e8f90a1b";

    @BeforeAll
    static void unzip() throws Exception {
        TaskRoot.unzip();
    }

    /** The key parameters' names and the variables that carry them, as the Terraform writes them. */
    record LockedStack(String walletParameter, String operatorParameter) {
        static LockedStack read() throws Exception {
            String variables = Files.readString(STACK.resolve("variables.tf"));
            String access = Files.readString(STACK.resolve("access.tf"));
            String module = Files.readString(TaskRoot.MODULE);
            String prefix = group(variables, "(?s)variable \"name_prefix\".*?default\\s*=\\s*\"([^\"]+)\"");
            for (String variable : List.of("NANO_WORK_AUTH_KEY_PARAMETER", "NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER"))
                assertTrue(module.contains(variable), TaskRoot.MODULE + " sets " + variable);
            return new LockedStack(
                    group(access, "name\\s*=\\s*\"(/\\$\\{var.name_prefix}/auth-key)\"")
                            .replace("${var.name_prefix}", prefix),
                    group(access, "name\\s*=\\s*\"(/\\$\\{var.name_prefix}/operator-key)\"")
                            .replace("${var.name_prefix}", prefix));
        }

        private static String group(String text, String regex) {
            Matcher m = Pattern.compile(regex).matcher(text);
            assertTrue(m.find(), "the Terraform has no match for " + regex);
            return m.group(1);
        }
    }

    @Test
    void startsLockedReadsTheKeysAfterTheRestoreAndFollowsARotation() throws Exception {
        LockedStack stack = LockedStack.read();
        Instant longAgo = Instant.now().minus(Duration.ofDays(30));
        try (SsmStandIn ssm = new SsmStandIn("us-east-1", Set.of(stack.walletParameter(), stack.operatorParameter()));
                ContainerCredentialsStandIn credentials = new ContainerCredentialsStandIn(AUTHORIZATION_TOKEN, ROLE)) {
            ssm.issue(ROLE);
            ssm.put(stack.walletParameter(), WALLET_KEY_1, longAgo);
            ssm.put(stack.operatorParameter(), OPERATOR_KEY_1, longAgo);
            Map<String, String> env = snapStart(credentials, AUTHORIZATION_TOKEN, ssm);
            env.put("NANO_WORK_AUTH_KEY_PARAMETER", stack.walletParameter());
            env.put("NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER", stack.operatorParameter());
            env.put("NANO_WORK_AUTH_KEY_CACHE", CACHE.toSeconds() + "s");
            env.put("NANO_WORK_AUTH_ROTATION_GRACE", GRACE.toSeconds() + "s");
            try (Launch launch = Launch.start(
                    "locked snapstart",
                    Path.of(System.getProperty("java.home"), "bin", "java"),
                    "x86_64",
                    "validate",
                    512,
                    Launch.SNAPSTART_FLAGS,
                    null,
                    true,
                    env)) {
                launch.api.awaitCheckpoint(Duration.ofMinutes(2), launch.process);
                assertEquals(List.of(), ssm.seen(), "no key read during INIT: it would be in the snapshot");
                assertEquals(0, credentials.served(), "no credentials fetched during INIT");

                // While the snapshot waits, the wallets' key is rotated, long enough ago that the old one is done.
                ssm.put(stack.walletParameter(), WALLET_KEY_2, Instant.now().minus(Duration.ofHours(1)));
                launch.api.restore();
                assertEquals(
                        "Key required", validate(launch, null).path("error").asText());
                assertEquals(
                        "Invalid key",
                        validate(launch, WALLET_KEY_1).path("error").asText(),
                        "rotated away");
                JsonNode answered = validate(launch, WALLET_KEY_2);
                assertEquals("1", answered.path("valid_receive").asText(), answered.toString());
                assertTrue(
                        launch.output().contains("SnapStart restore"), "the afterRestore hook ran: " + launch.output());
                JsonNode status = invoke(launch, "status-route.json", OPERATOR_KEY_1, "{}");
                assertFalse(
                        status.path("version").isMissingNode(), "the operator key opens status' details: " + status);

                // Mid-run rotation: the new key within the cache time, the old one until the grace after it.
                Instant rotated = Instant.now();
                ssm.put(stack.walletParameter(), WALLET_KEY_3, rotated);
                double newAfter = until(launch, WALLET_KEY_3, true, CACHE.plusSeconds(3));
                assertTrue(accepted(launch, WALLET_KEY_2), "the old key within the grace");
                double oldStopped = until(launch, WALLET_KEY_2, false, GRACE.plusSeconds(4));
                double oldStoppedAfterRotation =
                        Duration.between(rotated, Instant.now()).toMillis() / 1000.0;
                assertTrue(
                        oldStoppedAfterRotation >= GRACE.toSeconds() - 0.5,
                        "the old key refused only after the grace: " + oldStoppedAfterRotation + " s");
                assertTrue(accepted(launch, WALLET_KEY_3));

                assertTrue(credentials.served() >= 1, "the SDK's default chain took the container credentials");
                assertEquals(0, credentials.refused(), "every credentials request carried the authorization token");
                assertTrue(
                        ssm.seen().stream().allMatch(s -> s.accessKeyId().equals(ROLE.accessKeyId())),
                        "every read signed with the role's credentials: " + ssm.seen());
                launch.stop();
                launch.assertCleanOutput();
                System.out.printf(
                        Locale.ROOT,
                        "locked snapstart: %d SSM reads, %d credential fetches; new key accepted %.1f s after the"
                                + " rotation (cache %s), old key refused %.1f s after it (grace %s, polled %.1f s)%n",
                        ssm.seen().size(),
                        credentials.served(),
                        newAfter,
                        CACHE,
                        oldStoppedAfterRotation,
                        GRACE,
                        oldStopped);
            }
        }
    }

    /**
     * The variables a SnapStart Java function gets (container credentials, no access-key variables, no log group
     * variables), its key parameters read from {@code ssm}.
     */
    static Map<String, String> snapStart(ContainerCredentialsStandIn credentials, String token, SsmStandIn ssm) {
        Map<String, String> env = new HashMap<>();
        env.put("AWS_LAMBDA_INITIALIZATION_TYPE", "snap-start");
        env.put("AWS_LAMBDA_FUNCTION_VERSION", "7");
        env.put("AWS_LAMBDA_LOG_GROUP_NAME", "");
        env.put("AWS_LAMBDA_LOG_STREAM_NAME", "");
        env.put("AWS_CONTAINER_CREDENTIALS_FULL_URI", credentials.fullUri());
        env.put("AWS_CONTAINER_AUTHORIZATION_TOKEN", token);
        env.put("AWS_ENDPOINT_URL_SSM", ssm.endpoint());
        return env;
    }

    /** Polls until {@code key} is accepted (or refused); seconds it took. */
    static double until(Launch launch, String key, boolean accepted, Duration within) throws Exception {
        long start = System.nanoTime();
        long end = start + within.toNanos();
        while (System.nanoTime() < end) {
            if (accepted(launch, key) == accepted) return (System.nanoTime() - start) / 1e9;
            Thread.sleep(200);
        }
        throw new AssertionError(
                key + " still " + (accepted ? "refused" : "accepted") + " after " + within + "\n" + launch.output());
    }

    static boolean accepted(Launch launch, String key) throws Exception {
        JsonNode answer = validate(launch, key);
        String error = answer.path("error").asText("");
        assertTrue(error.isEmpty() || error.equals("Invalid key"), answer.toString());
        return error.isEmpty();
    }

    static JsonNode validate(Launch launch, String key) throws Exception {
        return invoke(
                launch,
                "work_validate-route.json",
                key,
                "{\"action\":\"work_validate\",\"hash\":\"718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2\","
                        + "\"work\":\"2bf29ef00786a6bc\"}");
    }

    static JsonNode invoke(Launch launch, String template, String key, String body) throws Exception {
        ObjectNode event = (ObjectNode) JSON.readTree(EVENTS.resolve(template).toFile());
        ObjectNode headers = (ObjectNode) event.path("headers");
        if (key != null) headers.put("authorization", "Bearer " + key);
        headers.remove("content-length");
        event.put("body", body);
        return body(launch.invokeJson(event.toString(), template));
    }
}
