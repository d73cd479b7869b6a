package dev.nanowork.docs;

import dev.nanowork.terraform.TerraformDocs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Every generated block of the documentation, and the two things done with them: {@code infra/docs.sh} writes them
 * ({@link DocsMain}), {@code GeneratedDocsTest} fails while any is stale, saying which and what to run.
 */
public final class Docs {
    /** The documents that may hold generated blocks (a marker in any of them must have a generator). */
    static final List<String> DOCUMENTS = List.of("README.md", "docs", "terraform/README.md", "samples");

    private Docs() {}

    /** Every block the generators write, computed now from the code, the Terraform and the pricing file. */
    public static List<DocBlock> all() {
        return List.copyOf(TerraformDocs.blocks());
    }

    /** What is stale, missing or unknown under {@code root}: one line each, saying what to do; empty when current. */
    static List<String> problems(Path root, List<DocBlock> blocks) {
        List<String> problems = new ArrayList<>();
        Map<String, Map<String, DocBlock>> byFile = byFile(blocks);
        for (Path file : documents(root)) {
            String relative = root.relativize(file).toString();
            String text = read(file);
            Map<String, DocBlock> wanted = byFile.getOrDefault(relative, Map.of());
            Set<String> seen = new HashSet<>();
            for (GeneratedBlocks.Found found : findIn(relative, text, problems)) {
                DocBlock block = wanted.get(found.name());
                if (!seen.add(found.name())) {
                    problems.add(relative + ":" + found.line() + ": the block " + found.name()
                            + " appears twice; keep one pair of markers");
                } else if (block == null) {
                    problems.add(relative + ":" + found.line() + ": no generator writes a block " + found.name()
                            + " in this file (remove its markers, or add it to dev.nanowork.docs.Docs.all())");
                } else if (!block.content().equals(found.content())) {
                    problems.add(relative + ":" + found.line() + ": the generated block " + found.name() + " (from "
                            + block.source() + ") is stale: run " + GeneratedBlocks.COMMAND
                            + " and commit what it rewrites; " + firstDifference(found.content(), block.content()));
                }
            }
            for (String name : wanted.keySet()) {
                if (!seen.contains(name)) problems.add(missing(relative, wanted.get(name)));
            }
        }
        for (String file : byFile.keySet()) {
            if (!Files.isRegularFile(root.resolve(file))) problems.add(file + ": no such document for its blocks");
        }
        return problems;
    }

    /** Rewrites every block under {@code root}; returns the documents it changed. */
    static List<String> write(Path root, List<DocBlock> blocks) {
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, Map<String, DocBlock>> file : byFile(blocks).entrySet()) {
            Path path = root.resolve(file.getKey());
            String before = read(path);
            String after = GeneratedBlocks.replace(before, file.getValue());
            if (after.equals(before)) continue;
            try {
                Files.writeString(path, after, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            changed.add(file.getKey());
        }
        return changed;
    }

    private static List<GeneratedBlocks.Found> findIn(String file, String text, List<String> problems) {
        try {
            return GeneratedBlocks.find(text);
        } catch (IllegalArgumentException e) {
            problems.add(file + ": " + e.getMessage());
            return List.of();
        }
    }

    private static String missing(String file, DocBlock block) {
        return file + " has no block " + block.name() + " (generated from " + block.source() + "): put "
                + GeneratedBlocks.start(block.name(), block.source()) + " and " + GeneratedBlocks.end(block.name())
                + " where it belongs, then run " + GeneratedBlocks.COMMAND;
    }

    /** Where two versions of a block differ: for whole lines, the lines one lacks and the other has; else the first. */
    static String firstDifference(String has, String generated) {
        List<String> a = List.of(has.split("\n", -1));
        List<String> b = List.of(generated.split("\n", -1));
        if (a.size() > 3 || b.size() > 3) {
            List<String> lacks = b.stream().filter(l -> !a.contains(l)).limit(2).toList();
            List<String> gone = a.stream().filter(l -> !b.contains(l)).limit(2).toList();
            if (!lacks.isEmpty() || !gone.isEmpty()) {
                return "it lacks " + quoted(lacks, b) + "; it has, no longer generated, " + quoted(gone, a);
            }
        }
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            String x = i < a.size() ? a.get(i) : "(nothing)";
            String y = i < b.size() ? b.get(i) : "(nothing)";
            if (!x.equals(y))
                return "its line " + (i + 1) + " is «" + around(x, y) + "», generated «" + around(y, x) + "»";
        }
        return "they differ in line breaks only";
    }

    private static String quoted(List<String> lines, List<String> others) {
        if (lines.isEmpty()) return "nothing";
        return String.join(
                " and ",
                lines.stream()
                        .map(l -> "«" + around(l, closest(l, others)) + "»")
                        .toList());
    }

    /** The line of {@code others} that shares the longest start with {@code line}: where it differs is what to show. */
    private static String closest(String line, List<String> others) {
        String best = "";
        int longest = -1;
        for (String o : others) {
            int n = 0;
            while (n < line.length() && n < o.length() && line.charAt(n) == o.charAt(n)) n++;
            if (n > longest && !o.equals(line)) {
                longest = n;
                best = o;
            }
        }
        return best;
    }

    /** {@code line} near where it first differs from {@code other}, at most 120 characters of it. */
    private static String around(String line, String other) {
        int at = 0;
        while (at < line.length() && at < other.length() && line.charAt(at) == other.charAt(at)) at++;
        int from = Math.max(0, at - 40);
        int to = Math.min(line.length(), from + 120);
        return (from > 0 ? "..." : "") + line.substring(from, to) + (to < line.length() ? "..." : "");
    }

    private static Map<String, Map<String, DocBlock>> byFile(List<DocBlock> blocks) {
        Map<String, Map<String, DocBlock>> byFile = new LinkedHashMap<>();
        for (DocBlock b : blocks) {
            DocBlock before =
                    byFile.computeIfAbsent(b.file(), f -> new LinkedHashMap<>()).put(b.name(), b);
            if (before != null) throw new IllegalStateException("two generators write " + b.file() + " " + b.name());
        }
        return byFile;
    }

    /** The Markdown files that may hold blocks. */
    static List<Path> documents(Path root) {
        List<Path> files = new ArrayList<>();
        for (String place : DOCUMENTS) {
            Path p = root.resolve(place);
            if (Files.isRegularFile(p)) {
                files.add(p);
            } else if (Files.isDirectory(p)) {
                try (Stream<Path> walk = Files.walk(p)) {
                    walk.filter(f -> f.toString().endsWith(".md")).sorted().forEach(files::add);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return files;
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
