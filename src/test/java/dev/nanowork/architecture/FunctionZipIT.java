package dev.nanowork.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The deployed artifact holds only what the functions run (run by failsafe after {@code package}): none of
 * the cost report's classes nor its chart library, and the packages of the request path only.
 */
class FunctionZipIT {
    static final Path ZIP = Path.of("target/function.zip");
    /**
     * function.zip's size with the AWS SDK's SSM, DynamoDB and Lambda clients (issue 33: 31,765,158 bytes; the model
     * jars are SSM 6.0 MB, Lambda 3.4 MB, DynamoDB 3.1 MB; no Apache or Netty HTTP client), plus 2%: a bound that
     * catches a new dependency or the chart library coming back (25,812,702 bytes with SSM only, issue 34; 16,807,267
     * before the SDK, at commit 19b092b).
     */
    static final long SIZE_BEFORE = 32_400_000;

    static final Set<String> DEPLOYED = Set.of(
            "worker",
            "observe",
            "function",
            "config",
            "rpc",
            "fanout",
            "share",
            "access",
            "aws",
            "search",
            "kernel",
            "block",
            "work");

    @Test
    void holdsOnlyTheRequestPath() throws IOException {
        assertTrue(Files.isRegularFile(ZIP), ZIP + " is built by package");
        Set<String> packages = new TreeSet<>();
        int classes = 0;
        boolean jsonLogs = false;
        try (ZipFile zip = new ZipFile(ZIP.toFile())) {
            for (ZipEntry e : zip.stream().toList()) {
                String name = e.getName();
                assertTrue(
                        !name.contains("jfreechart") && !name.contains("jfree."), "chart library in the zip: " + name);
                String[] parts = name.split("/");
                if (name.startsWith("dev/nanowork/") && parts.length > 2) packages.add(parts[2]);
                if (name.startsWith("dev/nanowork/") && name.endsWith(".class")) classes++;
                jsonLogs |= name.matches(".*/io\\.quarkus\\.quarkus-logging-json-[^/]*\\.jar");
            }
        }
        assertTrue(classes > 30, "our classes in the zip: " + classes);
        // Without it every log line on Lambda is text again, a stack trace one CloudWatch event per line.
        assertTrue(jsonLogs, "quarkus-logging-json (every log line one JSON object) is in the zip");
        assertEquals(
                List.of(),
                packages.stream().filter(p -> !DEPLOYED.contains(p)).toList(),
                "packages that do not serve requests");
        long size = Files.size(ZIP);
        assertTrue(size < SIZE_BEFORE, "function.zip is " + size + " bytes, was " + SIZE_BEFORE);
    }
}
