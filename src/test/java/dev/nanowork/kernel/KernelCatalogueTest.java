package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The catalogue ({@link KernelVariant}) is the one list of variants: every document, script and the OpenAPI file name
 * only variants it has, and the lists that must name all of them (the OpenAPI enums, the {@code nano-work.kernel}
 * setting's row, docs/kernels.md, the JMH parameter) miss none.
 */
class KernelCatalogueTest {
    /** A kernel-like name: {@code vector<bits>x<states>...} or {@code scalar}, {@code scalarx2}, ... */
    static final Pattern KERNEL_NAME = Pattern.compile("\\b(vector\\d+x\\d+\\w*|scalar(?:x\\d+)?)\\b");

    /**
     * Shapes tried with {@code KernelGenerator --try} and never shipped, which docs/kernels.md's dated log names with
     * their figures (rounds 4, 7 and 8); nowhere else may a name the catalogue lacks appear.
     */
    static final Set<String> TRIED = Set.of(
            "vector256x1s32",
            "vector256x1shuf",
            "vector256x2ref",
            "vector256x2s32",
            "vector256x2shuf",
            "vector512x1nz",
            "vector512x2nz");

    static final Path KERNELS_DOC = Path.of("docs/kernels.md");
    static final Path OPENAPI = Path.of("samples/openapi.yaml");
    static final Path JMH = Path.of("src/jmh/java/dev/nanowork/kernel/bench/KernelBenchmark.java");

    static final List<String> CATALOGUE =
            Arrays.stream(KernelVariant.values()).map(KernelVariant::wireName).toList();

    /** README.md, docs/*.md, infra/*.sh and samples/openapi.yaml. */
    static List<Path> scanned() throws IOException {
        List<Path> files = new ArrayList<>(List.of(Path.of("README.md"), OPENAPI));
        for (String dir : List.of("docs", "infra"))
            try (Stream<Path> list = Files.list(Path.of(dir))) {
                list.filter(f -> f.toString().endsWith(".md") || f.toString().endsWith(".sh"))
                        .sorted()
                        .forEach(files::add);
            }
        return files;
    }

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
        assertEquals(
                List.of("samples/openapi.yaml: a kernel enum misses vector256x1"),
                openApiGaps(
                        "kernel: {type: string, enum: [vector512x2, vector256x1, scalar]}\n"
                                + "kernel: {type: string, enum: [vector512x2, scalar]}\n",
                        three));
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
    }

    /** Each kernel-like name of {@code text} that is not in {@code catalogue} (tried shapes: in docs/kernels.md only). */
    static List<String> unknownNames(String file, String text, List<String> catalogue) {
        List<String> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = KERNEL_NAME.matcher(lines[i]);
            while (m.find()) {
                String name = m.group(1);
                if (catalogue.contains(name) || (TRIED.contains(name) && file.equals(KERNELS_DOC.toString()))) continue;
                out.add(file + ":" + (i + 1) + ": " + name + " is no variant of the catalogue");
            }
        }
        return out;
    }

    /**
     * The table rows documenting the {@code nano-work.kernel} setting: one that names a variant lists the values the
     * setting takes, so it names every variant (a row that names none points elsewhere, and is left alone).
     */
    static List<String> settingRowGaps(String file, String text, List<String> catalogue) {
        List<String> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].startsWith("| `nano-work.kernel`")
                    || !KERNEL_NAME.matcher(lines[i]).find()) continue;
            out.addAll(missing(file + ":" + (i + 1) + ": the nano-work.kernel row", lines[i], catalogue));
        }
        return out;
    }

    /** The status and benchmark answers' kernel enums: two, each the catalogue in its order. */
    static List<String> openApiGaps(String document, List<String> catalogue) {
        Matcher enums =
                Pattern.compile("kernel: \\{type: string, enum: \\[([^]]*)]}").matcher(document);
        List<String> out = new ArrayList<>();
        int found = 0;
        while (enums.find()) {
            found++;
            List<String> names = List.of(enums.group(1).split(", "));
            for (String v : catalogue) if (!names.contains(v)) out.add(OPENAPI + ": a kernel enum misses " + v);
            for (String n : names) if (!catalogue.contains(n)) out.add(OPENAPI + ": a kernel enum has " + n);
            if (out.isEmpty() && !names.equals(catalogue))
                out.add(OPENAPI + ": a kernel enum is not in the catalogue's order");
        }
        if (found != 2)
            out.add(OPENAPI + ": " + found + " kernel enums, the status and benchmark answers have one each");
        return out;
    }

    /** The JMH benchmark's {@code kernel} parameter: every variant (JMH needs literal strings; the generator writes them). */
    static List<String> jmhGaps(String source, List<String> catalogue) {
        Matcher param = Pattern.compile("(?s)@Param\\(\\{(.*?)}\\)").matcher(source);
        if (!param.find()) return List.of(JMH + ": no @Param");
        Set<String> names = new LinkedHashSet<>();
        Matcher quoted = Pattern.compile("\"(\\w+)\"").matcher(param.group(1));
        while (quoted.find()) names.add(quoted.group(1));
        List<String> out = new ArrayList<>();
        for (String v : catalogue) if (!names.contains(v)) out.add(JMH + ": @Param misses " + v);
        for (String n : names) if (!catalogue.contains(n)) out.add(JMH + ": @Param has " + n);
        return out;
    }

    private static List<String> missing(String where, String text, List<String> catalogue) {
        Set<String> named = new TreeSet<>();
        Matcher m = KERNEL_NAME.matcher(text);
        while (m.find()) named.add(m.group(1));
        return catalogue.stream()
                .filter(v -> !named.contains(v))
                .map(v -> where + " misses " + v)
                .toList();
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
