package dev.nanowork.lambda;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The fan-out's worker function as the runtime tests launch it. */
final class WorkerLaunch {
    private WorkerLaunch() {}

    /**
     * What the Terraform gives a fan-out worker (terraform/modules/work-function, serve = worker), its records in
     * {@code table} at {@code dynamo} (AWS_ENDPOINT_URL_DYNAMODB), with the role credentials an on-demand function gets
     * in its environment.
     */
    static Map<String, String> environment(String table, URI dynamo) {
        return Map.of(
                "_HANDLER", TaskRoot.terraform.workerHandler(),
                "AWS_LAMBDA_FUNCTION_NAME", "nano-work-x86_64-worker",
                "NANO_WORK_FAN_OUT_TABLE", table,
                "NANO_WORK_FAN_OUT_POLL_INTERVAL", "50ms",
                "NANO_WORK_FAN_OUT_RECORD_TTL", "60m",
                "AWS_ENDPOINT_URL_DYNAMODB", dynamo.toString(),
                "AWS_ACCESS_KEY_ID", "ASIAWORKERFUNCTION01",
                "AWS_SECRET_ACCESS_KEY", "worker-secret",
                "AWS_SESSION_TOKEN", "worker-session-token");
    }

    /** The worker function at 10 GB on this JVM, through the wrapper, with {@code environment} ({@link #environment}'s). */
    static Launch start(String label, Map<String, String> environment) throws Exception {
        return Launch.start(
                label,
                Path.of(System.getProperty("java.home"), "bin", "java"),
                "x86_64",
                "generate",
                10240,
                List.of(),
                null,
                true,
                environment);
    }
}
