package dev.nanowork.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The terraform-aws-modules conventions, in every module and stack. */
class TerraformConventionsTest {
    private static final String OUTPUT_NAME = "[a-z][a-z0-9]*(_[a-z0-9]+)+"; // <thing>_<attribute>

    @ParameterizedTest
    @ValueSource(strings = {"modules/work-function", "modules/work-variant", "stacks/work-api"})
    void everyVariableIsTypedDescribedAndValidated(String relative) {
        TerraformDir dir = TerraformDir.of(relative);
        Map<String, JsonNode> variables = dir.variables();
        assertFalse(variables.isEmpty(), relative + " declares variables");
        List<String> problems = new ArrayList<>();
        variables.forEach((name, variable) -> {
            if (!variable.hasNonNull("type")) problems.add(name + ": no type");
            if (variable.path("description").asText().isBlank()) problems.add(name + ": no description");
            if (variable.path("validation").isEmpty()) problems.add(name + ": no validation");
        });
        assertEquals(List.of(), problems, relative + " variables");
    }

    @ParameterizedTest
    @ValueSource(strings = {"modules/work-function", "modules/work-variant", "stacks/work-api"})
    void outputsAreNamedThingAttributeAndDescribed(String relative) {
        TerraformDir dir = TerraformDir.of(relative);
        assertFalse(dir.outputs().isEmpty(), relative + " declares outputs");
        dir.outputs().forEach((name, output) -> {
            assertTrue(name.matches(OUTPUT_NAME), relative + ": output " + name + " is not <thing>_<attribute>");
            assertFalse(
                    output.path("description").asText().isBlank(),
                    relative + ": output " + name + " has no description");
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"modules/work-function", "modules/work-variant", "stacks/work-api"})
    void versionsPinTerraformAndTheAwsProvider(String relative) {
        TerraformDir dir = TerraformDir.of(relative);
        assertEquals(1, dir.terraformBlocks().size(), relative + ": one terraform block (versions.tf)");
        JsonNode terraform = dir.terraformBlocks().get(0);
        // 1.9: cross-variable validation; the stack needs 1.11 for write-only arguments (its keys' value_wo).
        String minimum = relative.startsWith("stacks/") ? ">= 1.11." : ">= 1.9.";
        assertTrue(
                terraform.path("required_version").asText().startsWith(minimum),
                relative + ": required_version must start " + minimum + ": " + terraform.get("required_version"));
        JsonNode aws = terraform.path("required_providers").get(0).path("aws");
        assertEquals("hashicorp/aws", aws.path("source").asText(), relative + ": aws provider source");
        // 6.66.0 has every resource used (aws_lambda_function_scaling_config is not in 6.25.0); 7.x may change them.
        assertEquals(">= 6.66.0, < 7.0.0", aws.path("version").asText(), relative + ": aws provider version");
    }
}
