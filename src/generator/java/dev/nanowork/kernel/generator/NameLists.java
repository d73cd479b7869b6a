package dev.nanowork.kernel.generator;

import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The lists of variant names that live in hand-written files, rewritten in place from the shipped shapes: the
 * OpenAPI document's {@code kernel} enums, the JMH benchmark's {@code @Param} (JMH needs literal strings), and the
 * catalogue table of docs/kernels.md between its two marker comments. Everything else in those files is left as it
 * is; a file that lost its list fails the generator, naming it.
 */
final class NameLists {
    static final String OPENAPI = "samples/openapi.yaml";
    static final String JMH = "src/jmh/java/dev/nanowork/kernel/bench/KernelBenchmark.java";
    static final String DOCS = "docs/kernels.md";

    /** The kernel enums of the status and benchmark answers, one line each. */
    private static final Pattern OPENAPI_ENUM =
            Pattern.compile("(?m)^(\\s*kernel: \\{type: string, enum: \\[)[^\\]\\n]*(\\]\\}.*)$");

    /** The benchmark's {@code kernel} parameter, as the formatter lays it out. */
    private static final Pattern JMH_PARAM =
            Pattern.compile("(?s)( *)@Param\\(\\{.*?\\}\\)(\\n\\s*public String kernel;)");

    static final String DOCS_BEGIN = "<!-- kernel catalogue: written by ./mvnw -Pgenerate-kernels from the generator's"
            + " shape list (src/generator/java/.../Shapes.java); do not edit -->";
    static final String DOCS_END = "<!-- end of the kernel catalogue -->";

    private static final Pattern DOCS_TABLE =
            Pattern.compile("(?s)" + Pattern.quote(DOCS_BEGIN) + "\\n.*?" + Pattern.quote(DOCS_END));

    private NameLists() {}

    static String openApi(String document, List<Shape> shapes) {
        String names = shapes.stream().map(Shape::name).collect(Collectors.joining(", "));
        return replace(OPENAPI, document, OPENAPI_ENUM, m -> m.group(1) + names + m.group(2));
    }

    static String jmh(String source, List<Shape> shapes) {
        return replace(JMH, source, JMH_PARAM, m -> {
            String indent = m.group(1);
            String names = shapes.stream()
                    .map(shape -> indent + "    \"" + shape.name() + "\"")
                    .collect(Collectors.joining(",\n"));
            return indent + "@Param({\n" + names + "\n" + indent + "})" + m.group(2);
        });
    }

    static String docs(String document, List<Shape> shapes) {
        StringBuilder table = new StringBuilder(DOCS_BEGIN).append('\n');
        table.append("| variant | lanes x states | rounds | `auto` times it | needs (x86 / ARM) | what for |\n");
        table.append("|---|---|---|---|---|---|\n");
        for (Shape shape : shapes) {
            table.append("| `")
                    .append(shape.name())
                    .append("` | ")
                    .append(shape.lanes())
                    .append(" x ");
            table.append(shape.states()).append(" | ").append(rounds(shape)).append(" | ");
            table.append(shape.racedAt() == 0 ? "no" : "where " + shape.racedAt() + " bits are the widest");
            table.append(" | ")
                    .append(needs(shape))
                    .append(" | ")
                    .append(shape.why())
                    .append(" |\n");
        }
        table.append(DOCS_END);
        return replace(DOCS, document, DOCS_TABLE, m -> table.toString());
    }

    private static String rounds(Shape shape) {
        if (shape.loop())
            return shape.loops() > 1
                    ? "one method, rounds 1-10 in " + shape.loops() + " loops"
                    : "one method, rounds 1-10 a loop";
        return "methods of " + shape.stepsPerMethod() + " half-rounds"
                + (shape.stepsKeptFromC1() ? ", kept from C1" : "");
    }

    private static String needs(Shape shape) {
        if (shape.scalar()) return "nothing";
        return (shape.x86Feature().isEmpty() ? "any" : shape.x86Feature()) + " / "
                + (shape.armFeature().isEmpty() ? "any" : shape.armFeature());
    }

    private static String replace(String file, String text, Pattern list, Function<Matcher, String> with) {
        Matcher m = list.matcher(text);
        StringBuilder out = new StringBuilder();
        int found = 0;
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(with.apply(m)));
            found++;
        }
        if (found == 0) throw new IllegalStateException(file + " has no list of kernel names where " + list + " looks");
        m.appendTail(out);
        return out.toString();
    }
}
