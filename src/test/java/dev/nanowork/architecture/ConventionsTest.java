package dev.nanowork.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** House rules a reader relies on: every package says what it owns; the RPC's classes fit on a screen or two. */
class ConventionsTest {
    static final List<Path> SOURCES = List.of(Path.of("src/main/java"), Path.of("src/cost/java"));
    static final Path RPC = Path.of("src/main/java/dev/nanowork/rpc");
    static final int RPC_CLASS_LINES = 150;

    @Test
    void everyPackageHasAPackageInfo() throws IOException {
        List<Path> packages = packages();
        assertTrue(packages.size() >= 9, "packages found: " + packages);
        assertEquals(
                List.of(),
                packages.stream()
                        .filter(p -> !Files.isRegularFile(p.resolve("package-info.java")))
                        .toList(),
                "packages without a package-info.java saying what they own");
    }

    @Test
    void everyClassOfTheRpcIsUnder150Lines() throws IOException {
        try (Stream<Path> files = Files.list(RPC)) {
            List<String> tooLong = files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> lines(f) >= RPC_CLASS_LINES)
                    .map(f -> f.getFileName() + ": " + lines(f))
                    .toList();
            assertEquals(List.of(), tooLong, "rpc/ classes of " + RPC_CLASS_LINES + " lines or more");
        }
    }

    static List<Path> packages() throws IOException {
        List<Path> dirs = new ArrayList<>();
        for (Path root : SOURCES) {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.filter(Files::isDirectory)
                        .filter(ConventionsTest::holdsJava)
                        .forEach(dirs::add);
            }
        }
        return dirs;
    }

    private static boolean holdsJava(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.toString().endsWith(".java"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long lines(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
