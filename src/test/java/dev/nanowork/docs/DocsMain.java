package dev.nanowork.docs;

import java.nio.file.Path;
import java.util.List;

/**
 * {@code infra/docs.sh}: rewrites every generated block of the documentation from the code, the Terraform and the
 * pricing file, then checks them all; {@code --check} only checks. Exits 1 with one line per problem.
 */
public final class DocsMain {
    private DocsMain() {}

    public static void main(String[] args) {
        Path root = Path.of("").toAbsolutePath();
        List<DocBlock> blocks = Docs.all();
        if (!List.of(args).contains("--check")) {
            List<String> changed = Docs.write(root, blocks);
            System.out.println(
                    changed.isEmpty()
                            ? "docs: every generated block was current"
                            : "docs: rewrote the generated blocks of " + String.join(", ", changed));
        }
        List<String> problems = Docs.problems(root, blocks);
        problems.forEach(p -> System.out.println("docs: " + p));
        if (!problems.isEmpty()) System.exit(1);
        System.out.println("docs: " + blocks.size() + " generated blocks current");
    }
}
