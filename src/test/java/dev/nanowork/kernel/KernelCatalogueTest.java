package dev.nanowork.kernel;

import static dev.nanowork.kernel.KernelNameLists.JMH;
import static dev.nanowork.kernel.KernelNameLists.KERNELS_DOC;
import static dev.nanowork.kernel.KernelNameLists.OPENAPI;
import static dev.nanowork.kernel.KernelNameLists.TERRAFORM_KERNEL_LISTS;
import static dev.nanowork.kernel.KernelNameLists.jmhGaps;
import static dev.nanowork.kernel.KernelNameLists.missing;
import static dev.nanowork.kernel.KernelNameLists.openApiGaps;
import static dev.nanowork.kernel.KernelNameLists.read;
import static dev.nanowork.kernel.KernelNameLists.scanned;
import static dev.nanowork.kernel.KernelNameLists.settingRowGaps;
import static dev.nanowork.kernel.KernelNameLists.terraformGaps;
import static dev.nanowork.kernel.KernelNameLists.unknownNames;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The catalogue ({@link KernelVariant}) is the one list of variants: every document, script, Terraform file and the
 * OpenAPI file name only variants it has, and the lists that must name all of them (the OpenAPI enums, the
 * {@code nano-work.kernel} setting's row, docs/kernels.md, the JMH parameter) miss none; the Terraform's kernel
 * validations accept exactly what the function does ({@link KernelChoice#NAMES}).
 */
class KernelCatalogueTest {
    static final List<String> CATALOGUE =
            Arrays.stream(KernelVariant.values()).map(KernelVariant::wireName).toList();

    @Test
    void everyFileNamesOnlyVariantsOfTheCatalogue() throws IOException {
        List<String> problems = new ArrayList<>();
        List<Path> files = scanned();
        assertTrue(files.size() > 20, "files scanned: " + files);
        for (Path file : files) problems.addAll(unknownNames(file.toString(), read(file), CATALOGUE));
        assertEquals(List.of(), problems);
    }

    @Test
    void everyListOfAllVariantsNamesEachOfThem() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path file : scanned()) problems.addAll(settingRowGaps(file.toString(), read(file), CATALOGUE));
        problems.addAll(openApiGaps(read(OPENAPI), CATALOGUE));
        problems.addAll(missing(KERNELS_DOC + " anywhere", read(KERNELS_DOC), CATALOGUE));
        problems.addAll(jmhGaps(read(JMH), CATALOGUE));
        assertEquals(List.of(), problems);
    }

    /** The Terraform refuses no value the function accepts, and accepts none it refuses. */
    @Test
    void theTerraformAcceptsEveryKernelValueTheFunctionDoes() throws IOException {
        assertTrue(KernelChoice.NAMES.containsAll(CATALOGUE), "the catalogue's variants are accepted values");
        List<String> problems = new ArrayList<>();
        for (Path file : TERRAFORM_KERNEL_LISTS)
            problems.addAll(terraformGaps(file.toString(), read(file), KernelChoice.NAMES));
        assertEquals(List.of(), problems);
    }

    /** What the CPU check reads: every feature the catalogue asks for is one the probe looks for. */
    @Test
    void everyCpuFeatureTheCatalogueNeedsIsOneTheProbeReads() {
        for (KernelVariant v : KernelVariant.values()) {
            for (String feature : List.of(v.x86Feature(), v.armFeature()))
                assertTrue(feature.isEmpty() || JvmProbe.CpuFacts.FEATURES.contains(feature), v + ": " + feature);
            assertEquals(v.vector() ? v.bits() / 64 : 1, v.lanes(), v.wireName());
            assertEquals(v, KernelVariant.named(v.wireName()).orElseThrow());
        }
        assertEquals(CATALOGUE, KernelChoice.VARIANTS);
    }

    /** Planted defects, each found: a name the catalogue lacks, an enum or a row missing one, a tried name elsewhere. */
    @Test
    void plantedDefectsAreFound() {
        List<String> three = List.of("vector512x2", "vector256x1", "scalar");
        assertEquals(
                List.of("README.md:2: vector256x3 is no variant of the catalogue"),
                unknownNames("README.md", "a\nrun `vector256x3` or scalar\n", three));
        assertEquals(
                List.of("infra/x.sh:1: vector256x2shuf is no variant of the catalogue"),
                unknownNames("infra/x.sh", "for k in vector256x2shuf; do", three));
        assertEquals(List.of(), unknownNames(KERNELS_DOC.toString(), "round 4: vector256x2shuf 20.1", three));
        assertEquals(List.of("samples/openapi.yaml: a kernel enum misses vector256x1"), openApiGaps("""
                        kernel: {type: string, enum: [vector512x2, vector256x1, scalar]}
                        kernel: {type: string, enum: [vector512x2, scalar]}
                        """, three));
        assertEquals(
                List.of("samples/openapi.yaml: 0 kernel enums, the status and benchmark answers have one each"),
                openApiGaps("kernel: {type: string}\n", three));
        assertEquals(
                List.of("docs/endpoint.md:1: the nano-work.kernel row misses scalar"),
                settingRowGaps(
                        "docs/endpoint.md",
                        "| `nano-work.kernel` | `NANO_WORK_KERNEL` | `auto` | (`vector512x2`, `vector256x1`) |",
                        three));
        assertEquals(
                List.of(JMH + ": @Param misses vector256x1"),
                jmhGaps("@Param({\n        \"vector512x2\",\n        \"scalar\"\n    })", three));
        List<String> accepted = List.of("auto", "vector512", "vector512x2", "scalar");
        String use = "\n    condition     = contains(local.kernel_choices, var.kernel)\n";
        assertEquals(
                List.of("x.tf: kernel_choices misses vector512x2", "x.tf: kernel_choices has vector512x3"),
                terraformGaps(
                        "x.tf",
                        "kernel_choices = [\n  \"auto\", \"vector512\",\n  \"vector512x3\", \"scalar\",\n]" + use,
                        accepted));
        assertEquals(
                List.of("x.tf: kernel_choices is not in the order of KernelChoice.NAMES"),
                terraformGaps(
                        "x.tf",
                        "kernel_choices = [\"vector512\", \"auto\", \"vector512x2\", \"scalar\"]" + use,
                        accepted));
        assertEquals(
                List.of("x.tf: no validation uses kernel_choices"),
                terraformGaps(
                        "x.tf", "kernel_choices = [\"auto\", \"vector512\", \"vector512x2\", \"scalar\"]\n", accepted));
        assertEquals(
                List.of("x.tf: no kernel_choices list"),
                terraformGaps("x.tf", "contains([\"auto\"], var.kernel)", accepted));
    }
}
