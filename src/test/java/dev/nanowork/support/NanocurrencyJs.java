package dev.nanowork.support;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * An independent implementation of Nano work: nanocurrency-js's {@code validateWork} (its own BLAKE2b),
 * installed by {@code npm ci} from tools/node during the build and run with node.
 */
public final class NanocurrencyJs {
    private NanocurrencyJs() {}

    public record Check(String hash, String work, String threshold) {}

    /** One answer per check, in order: does nanocurrency-js find the work valid at the threshold? */
    public static List<Boolean> validateWork(List<Check> checks) {
        try {
            Process node = new ProcessBuilder("node", "validate-work.js")
                    .directory(new java.io.File("tools/node"))
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            try (OutputStream in = node.getOutputStream()) {
                for (Check c : checks)
                    in.write((c.hash + " " + c.work + " " + c.threshold + "\n").getBytes(StandardCharsets.UTF_8));
            }
            String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!node.waitFor(60, TimeUnit.SECONDS) || node.exitValue() != 0) {
                throw new IllegalStateException("node validate-work.js failed: " + out);
            }
            List<String> lines = out.lines().toList();
            if (lines.size() != checks.size())
                throw new IllegalStateException("expected " + checks.size() + " answers, got: " + out);
            for (int i = 0; i < lines.size(); i++) {
                if (!lines.get(i).startsWith(checks.get(i).hash + " " + checks.get(i).work + " ")) {
                    throw new IllegalStateException("answer " + i + " is for another check: " + lines.get(i));
                }
            }
            return lines.stream().map(l -> l.endsWith(" true")).toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run node (needed for the independent work check)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
