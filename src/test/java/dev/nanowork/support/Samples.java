package dev.nanowork.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The request bodies and recorded API Gateway events of {@code samples/}, shared with the README and the smoke test. */
public final class Samples {
    private Samples() {}

    /** {@code samples/requests/<name>.json}. */
    public static String request(String name) {
        return read(Path.of("samples", "requests", name + ".json"));
    }

    /** {@code samples/events/<name>.json}. */
    public static String event(String name) {
        return read(Path.of("samples", "events", name + ".json"));
    }

    private static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new UncheckedIOException("missing sample " + path.toAbsolutePath(), e);
        }
    }
}
