package dev.nanowork.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/development.md's source layout names every package of src/main/java, and none that is gone: the map a
 * contributor follows cannot be written from the code (each line says what a package owns), so the suite checks it.
 */
class DevelopmentMapTest {
    static final Path DEVELOPMENT = Path.of("docs/development.md");
    static final Path MAIN = Path.of("src/main/java/dev/nanowork");
    static final String LAYOUT = "src/main/java/dev/nanowork/";
    private static final Pattern ENTRY = Pattern.compile("^ {2}([a-z0-9]+(?:/[a-z0-9]+)*)/(?:\\s|$)");

    @Test
    void theLayoutNamesEveryPackageAndNoOther() throws IOException {
        List<String> packages = packages(MAIN);
        assertTrue(packages.size() >= 12, "packages found under " + MAIN + ": " + packages);
        assertEquals("", differences(packages, layout(Files.readString(DEVELOPMENT))));
    }

    @Test
    void aNewPackageAndAGoneOneAreNamedWithWhatToDo() {
        String doc = "text\n```\n" + LAYOUT + "   (intro)\n  function/   the transport\n  kernel/vector/  kernels\n"
                + "  gone/  old\nsrc/cost/java/  the cost report\n```\n";
        assertEquals(List.of("function", "kernel/vector", "gone"), layout(doc));
        String message = differences(List.of("function", "kernel/vector", "share"), layout(doc));
        assertTrue(
                message.contains("lacks share/: add a line for each (`  share/  what it owns`, as its"
                        + " package-info.java says)"),
                message);
        assertTrue(message.contains("names gone/, which src/main/java no longer has: remove"), message);
    }

    /** Each package holding a .java file, relative to dev/nanowork: {@code fanout}, {@code kernel/vector}. */
    static List<String> packages(Path main) throws IOException {
        try (Stream<Path> walk = Files.walk(main)) {
            return walk.filter(Files::isDirectory)
                    .filter(DevelopmentMapTest::holdsJava)
                    .map(d -> main.relativize(d).toString())
                    .filter(d -> !d.isEmpty())
                    .sorted()
                    .toList();
        }
    }

    /** The packages the layout block lists: the indented lines under {@value #LAYOUT} in a code block. */
    static List<String> layout(String doc) {
        List<String> names = new ArrayList<>();
        boolean inside = false;
        for (String line : doc.split("\n", -1)) {
            if (line.startsWith(LAYOUT)) {
                inside = true;
            } else if (inside && !line.startsWith(" ")) {
                break;
            } else if (inside) {
                Matcher m = ENTRY.matcher(line);
                if (m.find()) names.add(m.group(1));
            }
        }
        return names;
    }

    /** What the layout lacks and what it names in vain, each with what to do; empty when they agree. */
    static String differences(List<String> packages, List<String> listed) {
        TreeSet<String> missing = new TreeSet<>(packages);
        missing.removeAll(listed);
        TreeSet<String> gone = new TreeSet<>(listed);
        gone.removeAll(packages);
        StringBuilder out = new StringBuilder();
        if (!missing.isEmpty()) {
            out.append(DEVELOPMENT + "'s source layout (the lines under " + LAYOUT + ") lacks ")
                    .append(String.join(", ", missing.stream().map(p -> p + "/").toList()))
                    .append(": add a line for each (`  ")
                    .append(missing.first())
                    .append("/  what it owns`, as its package-info.java says). ");
        }
        if (!gone.isEmpty()) {
            out.append(DEVELOPMENT + "'s source layout names ")
                    .append(String.join(", ", gone.stream().map(p -> p + "/").toList()))
                    .append(", which src/main/java no longer has: remove those lines.");
        }
        return out.toString().strip();
    }

    private static boolean holdsJava(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.toString().endsWith(".java"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
