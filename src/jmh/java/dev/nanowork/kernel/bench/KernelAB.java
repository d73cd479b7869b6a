package dev.nanowork.kernel.bench;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Compares builds of a kernel in one JVM: each class directory gets its own class loader (with the project's
 * dependencies from {@code target/bench.classpath}), and the kernels take turns on slices of nonces. On a
 * shared machine the rate of one run moves by tens of percent while the ratio of neighbouring slices moves by
 * a few, so this decides a change that one {@code bench.sh} run per build cannot.
 *
 * <pre>
 * cp -r target/classes /tmp/before          # then change and rebuild (bench.sh builds with -Pbench)
 * java --add-modules=jdk.incubator.vector -cp target/test-classes:$(cat target/bench.classpath) \
 *     dev.nanowork.kernel.bench.KernelAB vector256 60 1000000 /tmp/before target/classes
 * </pre>
 *
 * Arguments: kernel, pairs, nonces per slice, then two or more class directories (the first is the
 * reference). Prints each build's median rate and the median (and quartiles) of its slice-by-slice ratio to
 * the reference.
 */
public final class KernelAB {
    private static final String ROOT = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";

    private KernelAB() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 5) throw new IllegalArgumentException("KernelAB kernel pairs nonces dir1 dir2 [dir3 ...]");
        String kernel = args[0];
        int pairs = Integer.parseInt(args[1]);
        long nonces = Long.parseLong(args[2]);
        String[] dirs = Arrays.copyOfRange(args, 3, args.length);
        String[] dependencies =
                Files.readString(Path.of("target/bench.classpath")).strip().split(":");
        int n = dirs.length;
        Object[] searches = new Object[n];
        Method[] search = new Method[n];
        for (int i = 0; i < n; i++) {
            List<URL> urls = new ArrayList<>();
            urls.add(Path.of(dirs[i]).toUri().toURL());
            for (String d : dependencies) urls.add(Path.of(d).toUri().toURL());
            ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
            Class<?> choiceClass = loader.loadClass("dev.nanowork.kernel.KernelChoice");
            Class<?> kernelClass = loader.loadClass("dev.nanowork.kernel.WorkKernel");
            Class<?> rootClass = loader.loadClass("dev.nanowork.work.Root");
            Object choice = choiceClass.getMethod("parse", String.class).invoke(null, kernel);
            Object selection = loader.loadClass("dev.nanowork.kernel.KernelSelector")
                    .getMethod("select", choiceClass)
                    .invoke(null, choice);
            Object k = selection.getClass().getMethod("kernel").invoke(selection);
            loader.loadClass("dev.nanowork.kernel.KernelWarmup")
                    .getMethod("prime", kernelClass)
                    .invoke(null, k);
            Object root = rootClass.getMethod("parse", String.class).invoke(null, ROOT);
            searches[i] = kernelClass.getMethod("forRoot", rootClass).invoke(k, root);
            search[i] = loader.loadClass("dev.nanowork.kernel.WorkKernel$RootSearch")
                    .getMethod("search", long.class, long.class, long.class);
        }
        double[][] rates = new double[n][pairs];
        long start = 12_345;
        for (int p = -1; p < pairs; p++) { // the first turn only warms up
            for (int i = 0; i < n; i++) {
                long began = System.nanoTime();
                search[i].invoke(searches[i], start, nonces, -1L); // threshold 2^64 - 1: never found
                if (p >= 0) rates[i][p] = nonces * 1e3 / (System.nanoTime() - began);
                start += nonces;
            }
        }
        for (int i = 0; i < n; i++) {
            double[] ratio = new double[pairs];
            for (int p = 0; p < pairs; p++) ratio[p] = rates[i][p] / rates[0][p];
            Arrays.sort(ratio);
            double[] sorted = rates[i].clone();
            Arrays.sort(sorted);
            System.out.printf(
                    Locale.ROOT,
                    "%s %s: median %.2f MH/s, ratio to %s %.3f (quartiles %.3f %.3f)%n",
                    kernel,
                    dirs[i],
                    sorted[pairs / 2],
                    dirs[0],
                    ratio[pairs / 2],
                    ratio[pairs / 4],
                    ratio[3 * pairs / 4]);
        }
    }
}
