package dev.nanowork.kernel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where the project's files name kernels, and how each such list differs from the one it must equal: the readers
 * behind {@link KernelCatalogueTest}. Each returns its findings as lines ({@code file:line: what}), empty when the file
 * agrees with the catalogue.
 */
final class KernelNameLists {
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
    /** The Terraform variables that take the kernel setting, each validated against its {@code kernel_choices}. */
    static final List<Path> TERRAFORM_KERNEL_LISTS = List.of(
            Path.of("terraform/modules/work-function/variables.tf"), Path.of("terraform/stacks/work-api/variables.tf"));

    /**
     * README.md, docs/*.md, infra/*.sh, samples/openapi.yaml, terraform/README.md and the Terraform's *.tf (not its
     * tests, which name a variant the catalogue lacks on purpose).
     */
    static List<Path> scanned() throws IOException {
        List<Path> files = new ArrayList<>(List.of(Path.of("README.md"), OPENAPI, Path.of("terraform/README.md")));
        for (String dir : List.of("docs", "infra"))
            try (Stream<Path> list = Files.list(Path.of(dir))) {
                list.filter(f -> f.toString().endsWith(".md") || f.toString().endsWith(".sh"))
                        .sorted()
                        .forEach(files::add);
            }
        try (Stream<Path> tree = Files.walk(Path.of("terraform"))) {
            tree.filter(f -> f.toString().endsWith(".tf") && !f.toString().contains("/.terraform/"))
                    .sorted()
                    .forEach(files::add);
        }
        return files;
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
            out.addAll(differences(OPENAPI + ": a kernel enum", names, catalogue));
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
        return differences(JMH + ": @Param", quoted(param.group(1)), catalogue);
    }

    /**
     * A Terraform file's {@code kernel_choices} (modules/work-function and the stack validate the kernel setting with
     * it): one list, every value the function accepts in {@link KernelChoice#NAMES}' order and no other, used by a
     * validation.
     */
    static List<String> terraformGaps(String file, String text, List<String> accepted) {
        Matcher lists = Pattern.compile("kernel_choices = \\[([^]]*)]").matcher(text);
        if (!lists.find()) return List.of(file + ": no kernel_choices list");
        List<String> names = quoted(lists.group(1));
        List<String> out = new ArrayList<>(differences(file + ": kernel_choices", names, accepted));
        if (out.isEmpty() && !names.equals(accepted))
            out.add(file + ": kernel_choices is not in the order of KernelChoice.NAMES");
        if (lists.find()) out.add(file + ": two kernel_choices lists");
        if (!Pattern.compile("contains\\(local\\.kernel_choices, var\\.[\\w.]*kernel\\)")
                .matcher(text)
                .find()) out.add(file + ": no validation uses kernel_choices");
        return out;
    }

    /** The strings in double quotes of {@code text}, in order, each once. */
    private static List<String> quoted(String text) {
        Set<String> names = new LinkedHashSet<>();
        Matcher quoted = Pattern.compile("\"(\\w+)\"").matcher(text);
        while (quoted.find()) names.add(quoted.group(1));
        return List.copyOf(names);
    }

    /** {@code where misses X} for each expected name not in {@code names}, {@code where has X} for each extra one. */
    private static List<String> differences(String where, List<String> names, List<String> expected) {
        List<String> out = new ArrayList<>();
        for (String v : expected) if (!names.contains(v)) out.add(where + " misses " + v);
        for (String n : names) if (!expected.contains(n)) out.add(where + " has " + n);
        return out;
    }

    static List<String> missing(String where, String text, List<String> catalogue) {
        Set<String> named = new TreeSet<>();
        Matcher m = KERNEL_NAME.matcher(text);
        while (m.find()) named.add(m.group(1));
        return catalogue.stream()
                .filter(v -> !named.contains(v))
                .map(v -> where + " misses " + v)
                .toList();
    }

    static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    private KernelNameLists() {}
}
