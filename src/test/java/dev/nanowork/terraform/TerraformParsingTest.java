package dev.nanowork.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every .tf file parses, and one that does not fails the suite with the parser's message. */
class TerraformParsingTest {

    @Test
    void everyTerraformFileParses() throws IOException {
        List<String> onDisk = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Hcl.TERRAFORM)) {
            files.filter(f -> f.toString().endsWith(".tf") && !f.toString().contains("/.terraform/"))
                    .forEach(f -> onDisk.add(f.toString()));
        }
        JsonNode parsed = Hcl.terraformTree();
        List<String> parsedFiles = new ArrayList<>();
        parsed.fieldNames().forEachRemaining(parsedFiles::add);
        onDisk.sort(null);
        parsedFiles.sort(null);
        assertEquals(onDisk, parsedFiles, "every .tf file under terraform/ is parsed");
        // 4 files in each of the two modules, 10 in the stack (access.tf, edge.tf, rate-limit.tf, spend.tf among
        // them): a lost directory would show here.
        assertEquals(24, parsedFiles.size(), "number of .tf files checked");
    }

    @Test
    void aBrokenFileFailsWithTheParsersMessage(@TempDir Path dir) throws IOException {
        Path broken = dir.resolve("broken.tf");
        Files.writeString(broken, "resource \"aws_lambda_function\" \"this\" {\n  timeout = \n}\n");
        Hcl.ParseError error = assertThrows(Hcl.ParseError.class, () -> Hcl.parse(dir));
        assertTrue(error.getMessage().contains(broken.toString()), "names the file: " + error.getMessage());
        assertTrue(error.getMessage().contains("broken.tf:2,"), "gives line and column: " + error.getMessage());
        assertTrue(
                error.getMessage().contains("Invalid expression"),
                "carries the parser's message: " + error.getMessage());
    }

    @Test
    void withoutNodeTheTestsFailSayingWhatToInstall() {
        IllegalStateException error =
                assertThrows(IllegalStateException.class, () -> Hcl.requireNode("/nonexistent/node"));
        assertTrue(error.getMessage().contains("Node.js 18+"), error.getMessage());
    }

    @Test
    void aBrokenFileAmongGoodOnesStillFails(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a_good.tf"), "variable \"x\" {\n  type = number\n}\n");
        Files.writeString(dir.resolve("b_unclosed.tf"), "variable \"y\" {\n  type = number\n");
        Hcl.ParseError error = assertThrows(Hcl.ParseError.class, () -> Hcl.parse(dir));
        assertTrue(error.getMessage().contains("b_unclosed.tf"), "names the broken file: " + error.getMessage());
    }
}
