package dev.nanowork.kernel.generator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The command line of the kernel generator, which writes every work kernel's round code and the catalogue of
 * variants from BLAKE2b's SIGMA, the reference's initial state and Nano's message shape ({@link SymbolicRounds}), for
 * each shape of {@link Shapes#SHIPPED}: {@code RootConstants}, one class per shape ({@link KernelWriter}), {@code
 * KernelVariant} and {@code VectorVariants} ({@link CatalogueWriter}), and the name lists of hand-written files
 * ({@link NameLists}). Nothing of it is typed by hand.
 *
 * <ul>
 *   <li>{@code ./mvnw -Pgenerate-kernels} (this class with the project directory) rewrites them in place;
 *       {@code GeneratedKernelsTest} fails when a committed file differs from what it writes.
 *   <li>{@code --try <dir> <name>:<bits>:<states>:<G per group>:<half-rounds per method|loop|loop<N>|flat>
 *       [:shuf=32.24.16] ...} writes kernels of other shapes to {@code <dir>} instead, to time them ({@code KernelRate} takes their
 *       class name; they get no C1 directive at run time, so pass {@code -XX:CompilerDirectivesFile}). The sixth
 *       field writes those rotates as shuffles ({@link Rotates}; round 4, docs/kernels.md); {@code loop2} splits rounds 1
 *       to 10 into two loops ({@link Shape#loops}).
 * </ul>
 */
public final class KernelGenerator {
    private KernelGenerator() {}

    /** Every file the generator writes, by path relative to {@code base}, the project directory; in writing order. */
    public static Map<String, String> files(Path base) {
        List<Shape> shapes = Shapes.SHIPPED;
        SymbolicRounds rounds = SymbolicRounds.run();
        Map<String, String> files = new LinkedHashMap<>();
        files.put("src/main/java/dev/nanowork/kernel/RootConstants.java", RootConstantsWriter.write(rounds));
        KernelWriter writer = new KernelWriter(rounds);
        for (Shape shape : shapes) files.put(shape.path(), writer.write(shape));
        files.put(CatalogueWriter.VARIANT_FILE, CatalogueWriter.variants(shapes));
        files.put(CatalogueWriter.FACTORY_FILE, CatalogueWriter.vectorFactory(shapes));
        files.put(NameLists.OPENAPI, NameLists.openApi(read(base, NameLists.OPENAPI), shapes));
        files.put(NameLists.JMH, NameLists.jmh(read(base, NameLists.JMH), shapes));
        files.put(NameLists.DOCS, NameLists.docs(read(base, NameLists.DOCS), shapes));
        return files;
    }

    /** The Java files the generator writes whole (each marked {@code // GENERATED}), relative to the project. */
    public static List<String> generatedJava(Path base) {
        return files(base).entrySet().stream()
                .filter(f -> f.getValue().startsWith(Generated.MARK))
                .map(Map.Entry::getKey)
                .toList();
    }

    /** The step kernels whose step methods {@code C1Exclusion} keeps from C1, by class name. */
    public static List<String> stepKernelsKeptFromC1() {
        return Shapes.SHIPPED.stream()
                .filter(Shape::stepsKeptFromC1)
                .map(Shape::className)
                .toList();
    }

    /** The kernels that hash a block in one method ({@link #oneMethod}), by class name. */
    public static List<String> oneMethodKernels() {
        return Shapes.SHIPPED.stream()
                .filter(Shape::oneMethod)
                .map(Shape::className)
                .toList();
    }

    /** The one-method kernels' method, which {@code C1Exclusion} names. */
    public static String oneMethod() {
        return KernelWriter.ROUNDS;
    }

    /** {@code [project directory]}, or {@code --try <dir> <shape>...}; see the class comment. */
    public static void main(String[] args) throws IOException {
        if (args.length > 1 && args[0].equals("--try")) {
            KernelWriter writer = new KernelWriter(SymbolicRounds.run());
            for (int i = 2; i < args.length; i++) {
                Shape shape = Shape.parse(args[i]);
                Path path = Path.of(args[1], shape.path().substring("src/main/java/".length()));
                write(path, writer.write(shape).replace("\nfinal class", "\npublic final class"));
                System.out.println("wrote " + path);
            }
            return;
        }
        if (args.length > 1 || (args.length == 1 && args[0].startsWith("-")))
            throw new IllegalArgumentException("usage: KernelGenerator [project directory] | --try <dir> <shape>...");
        Path base = Path.of(args.length > 0 ? args[0] : ".");
        int unchanged = 0;
        for (Map.Entry<String, String> f : files(base).entrySet()) {
            Path path = base.resolve(f.getKey());
            if (Files.exists(path)
                    && Files.readString(path, StandardCharsets.UTF_8).equals(f.getValue())) {
                unchanged++;
                continue;
            }
            write(path, f.getValue());
            System.out.println("wrote " + f.getKey());
        }
        for (String stale : stale(base, files(base).keySet())) {
            Files.delete(base.resolve(stale));
            System.out.println("removed " + stale + " (no shape of that name)");
        }
        System.out.println(unchanged + " files unchanged");
    }

    /** Where generated Java files live. */
    static final String KERNEL_SOURCES = "src/main/java/dev/nanowork/kernel";

    /**
     * The Java files under {@link #KERNEL_SOURCES} marked as generated that the generator no longer writes (a shape
     * removed from {@link Shapes#SHIPPED}), relative to {@code base}.
     */
    public static List<String> stale(Path base, Set<String> written) throws IOException {
        try (Stream<Path> walk = Files.walk(base.resolve(KERNEL_SOURCES))) {
            List<String> out = new ArrayList<>();
            for (Path p :
                    walk.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String relative = base.relativize(p).toString().replace('\\', '/');
                if (!written.contains(relative)
                        && Files.readString(p, StandardCharsets.UTF_8).startsWith(Generated.MARK)) out.add(relative);
            }
            return out;
        }
    }

    private static void write(Path path, String text) throws IOException {
        Files.createDirectories(path.toAbsolutePath().getParent());
        Files.writeString(path, text, StandardCharsets.UTF_8);
    }

    private static String read(Path base, String file) {
        try {
            return Files.readString(base.resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": the generator rewrites its list of kernel names", e);
        }
    }
}
