package dev.nanowork.terraform;

import static dev.nanowork.terraform.EdgeFunctionHarness.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * infra/edge-keys.sh run against stand-ins for the AWS CLI and {@code terraform output}: the parameters it reads (name
 * or {@code name:version} to the CLI's JSON, absent: ParameterVersionNotFound), the stack's outputs, and the key store
 * it writes (its puts, its deletes).
 */
final class EdgeKeysScript {
    static final String WALLET = "/nano-work/auth-key";
    static final String OPERATOR = "/nano-work/operator-key";
    static final String ORIGIN = "/nano-work/origin-secret";

    /** What a run did: its exit status and output, and the store it wrote (null when it wrote nothing). */
    record Run(int status, String output, Map<String, String> written) {}

    private EdgeKeysScript() {}

    /** A parameter as {@code aws ssm get-parameter --query Parameter} prints it. */
    static String parameter(String value, long version, Instant modified) {
        return "{\"Value\":\"%s\",\"Version\":%d,\"LastModifiedDate\":\"%s\"}".formatted(value, version, modified);
    }

    /**
     * @param secrets values that must appear in no argument of the AWS CLI (the origin secrets: a command line is
     *     readable by every user of the machine)
     */
    static Run run(Path dir, Map<String, String> parameters, java.util.List<String> secrets, long cache, long grace)
            throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path puts = dir.resolve("puts.json");
        Files.deleteIfExists(puts);
        Path deletes = dir.resolve("deletes.json");
        script(bin.resolve("terraform"), """
                case "${@: -1}" in
                  edge_key_value_store_arn) echo '"arn:aws:cloudfront::123456789012:key-value-store/test"' ;;
                  key_rotation_grace_seconds) echo %d ;;
                  key_cache_seconds) echo %d ;;
                  auth_key_parameter_arn) echo '"arn:aws:ssm:us-east-1:123456789012:parameter%s"' ;;
                  operator_key_parameter_arn) echo '"arn:aws:ssm:us-east-1:123456789012:parameter%s"' ;;
                  origin_secret_parameter_arn) echo '"arn:aws:ssm:us-east-1:123456789012:parameter%s"' ;;
                  *) exit 1 ;;
                esac
                """.formatted(grace, cache, WALLET, OPERATOR, ORIGIN));
        String cases = parameters.entrySet().stream()
                .map(e -> "    " + e.getKey() + ") echo '" + e.getValue() + "' ;;")
                .collect(Collectors.joining("\n"));
        // The key store's puts come as file://PATH (the origin secret is never on a command line): read the file.
        script(bin.resolve("aws"), """
                args=("$@"); for ((i = 0; i < $#; i++)); do case "${args[i]}" in
                  --name) name=${args[i+1]} ;; --puts) v=${args[i+1]}; cat "${v#file://}" > '%s' ;;
                  --deletes) printf '%%s' "${args[i+1]}" > '%s' ;; esac; done
                for a in "$@"; do for s in %s; do [[ $a != *"$s"* ]] || { echo "a secret on the command line" >&2; exit 9; }; done; done
                case "$1 $2" in
                  "ssm get-parameter") case $name in
                %s
                    *) echo 'ParameterVersionNotFound' >&2; exit 254 ;; esac ;;
                  "cloudfront-keyvaluestore list-keys") echo '["stale-digest"]' ;;
                  "cloudfront-keyvaluestore describe-key-value-store") echo ETAG ;;
                esac
                """.formatted(puts, deletes, String.join(" ", secrets), cases));
        ProcessBuilder builder = new ProcessBuilder("bash", "infra/edge-keys.sh").redirectErrorStream(true);
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "edge-keys.sh finished");
        if (process.exitValue() != 0 || !Files.exists(puts)) return new Run(process.exitValue(), output, null);
        assertEquals("[{\"Key\":\"stale-digest\"}]", Files.readString(deletes), "the stale entry deleted");
        Map<String, String> written = new LinkedHashMap<>();
        JSON.readTree(puts.toFile())
                .forEach(p -> written.put(p.get("Key").asText(), p.get("Value").asText()));
        return new Run(0, output, written);
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/usr/bin/env bash\n" + body);
        assertTrue(file.toFile().setExecutable(true), "executable " + file);
    }

    static boolean onPath(String tool) {
        return java.util.Arrays.stream(System.getenv("PATH").split(":"))
                .anyMatch(d -> Files.isExecutable(Path.of(d, tool)));
    }
}
