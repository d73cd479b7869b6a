package dev.nanowork.observe;

import java.io.PrintStream;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;

/**
 * Writes each request's record, one line at a time, to the process's stdout: on Lambda, one log event of the
 * function's log group, whose Embedded Metric Format CloudWatch reads into metrics (no API call, nothing buffered:
 * Powertools' recommendation for a production function). A line that cannot be built is logged, never thrown: a
 * record must not fail the request it records.
 */
public final class RecordWriter {
    private static final Logger LOG = Logger.getLogger(RecordWriter.class.getName());

    private final String namespace;
    private final String variant;
    private final PrintStream out;
    private final AtomicBoolean first = new AtomicBoolean(true);

    /** Lines under {@code namespace} and {@code variant} to the process's stdout, as it is at each line. */
    public RecordWriter(String namespace, String variant) {
        this(namespace, variant, null);
    }

    /** Lines under {@code namespace} and {@code variant} to {@code out}. */
    public RecordWriter(String namespace, String variant, PrintStream out) {
        // checked now, not on the first request: a namespace CloudWatch refuses stops start-up
        EmfLine.of(namespace, variant, Metric.Actions.UNKNOWN, 0);
        this.namespace = namespace;
        this.variant = variant;
        this.out = out;
    }

    /** The function's name on Lambda ({@code AWS_LAMBDA_FUNCTION_NAME}), else {@code self-hosted}. */
    public static String functionName(Map<String, String> environment) {
        return environment.getOrDefault("AWS_LAMBDA_FUNCTION_NAME", "self-hosted");
    }

    /**
     * The Variant dimension: the one configured; unset, on Lambda ({@code AWS_LAMBDA_FUNCTION_NAME} set) the
     * architecture as Lambda names it, so that a function deployed without the stack's setting is still told apart
     * from the other architecture; else {@code self-hosted}.
     */
    public static String variant(Optional<String> configured, Map<String, String> environment, String osArch) {
        if (configured.isPresent()) return configured.get();
        if (!environment.containsKey("AWS_LAMBDA_FUNCTION_NAME")) return "self-hosted";
        return osArch.equals("aarch64") || osArch.equals("arm64") ? "arm64" : "x86_64";
    }

    /** Writes {@code record}'s line, as of now. */
    public void write(RequestRecord record) {
        byte[] line;
        try {
            line = record.line(
                            namespace,
                            variant,
                            System.nanoTime(),
                            System.currentTimeMillis(),
                            first.compareAndSet(true, false))
                    .bytes();
        } catch (RuntimeException e) {
            LOG.warning(() -> "request record not written: " + e);
            return;
        }
        PrintStream to = out == null ? System.out : out;
        synchronized (to) {
            to.write(line, 0, line.length); // a PrintStream does not throw: a lost line is its error flag's
            to.flush();
        }
    }
}
