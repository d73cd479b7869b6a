package dev.nanowork.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every generated block of the documentation is what {@code infra/docs.sh} writes today from the code, the Terraform
 * and the pricing file; one that is stale, missing or unknown fails with what to run or write.
 */
class GeneratedDocsTest {
    private static final String FILE = "docs/x.md";

    @Test
    void everyGeneratedBlockIsCurrent() {
        List<DocBlock> blocks = Docs.all();
        assertTrue(blocks.size() >= 10, "blocks generated: " + blocks.size());
        assertEquals(List.of(), Docs.problems(Path.of("").toAbsolutePath(), blocks), "generated documentation");
    }

    @Test
    void aStaleBlockNamesTheFileTheBlockItsSourceAndTheCommand(@TempDir Path root) throws IOException {
        write(root, "Intro\n\n" + markers("total", "\n| a | 1 |\n") + "\n\nafter: " + markers("n", "30") + ".\n");
        List<String> problems = Docs.problems(root, List.of(table("| a | 2 |"), inline("62")));
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(
                problems.get(0)
                        .startsWith(FILE + ":3: the generated block total (from src) is stale: run infra/docs.sh"),
                problems.get(0));
        assertTrue(problems.get(0).contains("its line 2 is «| a | 1 |», generated «| a | 2 |»"), problems.get(0));
        assertTrue(problems.get(1).contains("block n (from src) is stale"), problems.get(1));
    }

    @Test
    void writingReplacesOnlyBetweenTheMarkersAndThenTheBlocksAreCurrent(@TempDir Path root) throws IOException {
        write(root, "Intro\n\n" + markers("total", "\n| a | 1 |\n") + "\n\nafter: " + markers("n", "30") + ".\n");
        List<DocBlock> blocks = List.of(table("| a | 2 |"), inline("62"));
        assertEquals(List.of(FILE), Docs.write(root, blocks));
        assertEquals(
                "Intro\n\n" + markers("total", "\n| a | 2 |\n") + "\n\nafter: " + markers("n", "62") + ".\n",
                Files.readString(root.resolve(FILE)));
        assertEquals(List.of(), Docs.problems(root, blocks));
        assertEquals(List.of(), Docs.write(root, blocks), "a second run changes nothing");
    }

    @Test
    void aMissingBlockSaysWhichMarkersToPutAndAnUnknownOneWhatToDo(@TempDir Path root) throws IOException {
        write(root, "Intro " + markers("gone", "x") + "\n");
        List<String> problems = Docs.problems(root, List.of(inline("62")));
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("no generator writes a block gone"), problems.get(0));
        assertTrue(
                problems.get(1)
                        .startsWith(FILE + " has no block n (generated from src): put "
                                + GeneratedBlocks.start("n", "src") + " and " + GeneratedBlocks.end("n")),
                problems.get(1));
    }

    @Test
    void anUnclosedBlockIsNamedWithItsLine() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> GeneratedBlocks.find("a\n" + GeneratedBlocks.start("n", "src") + "62\n"));
        assertEquals("the block n opened on line 2 has no <!-- end n -->", e.getMessage());
    }

    private static DocBlock table(String row) {
        return DocBlock.lines(FILE, "total", "src", row);
    }

    private static DocBlock inline(String text) {
        return new DocBlock(FILE, "n", "src", text);
    }

    private static String markers(String name, String content) {
        return GeneratedBlocks.start(name, "src") + content + GeneratedBlocks.end(name);
    }

    private static void write(Path root, String text) throws IOException {
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(root.resolve(FILE), text);
    }
}
