import dev.nanowork.kernel.KernelChoice;
import dev.nanowork.kernel.KernelSelector;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;

/** Scratch: a kernel's rate in slices until two successive slices agree within 2% (at most N), then prints the last. */
public class Slices {
    public static void main(String[] a) throws Exception {
        WorkKernel kernel = a[0].contains(".")
                ? (WorkKernel) Class.forName(a[0]).getConstructor().newInstance()
                : KernelSelector.select(KernelChoice.parse(a[0])).kernel();
        int threads = Integer.parseInt(a[1]);
        double slice = Double.parseDouble(a[2]);
        int max = Integer.parseInt(a[3]);
        Root root = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2");
        long t0 = System.nanoTime();
        double prev = 0, r = 0;
        try (WorkSearch search = new WorkSearch(kernel, threads)) {
            for (int i = 0; i < max; i++) {
                SearchResult res = search.search(root, new Difficulty(-1L), System.nanoTime() + (long) (slice * 1e9), new CancelSignal());
                r = res.megahashesPerSecond();
                if (prev > 2 && Math.abs(r - prev) < 0.02 * prev) break;
                prev = r;
            }
        }
        System.out.printf("%s %d %.2f (steady after %.1f s)%n", kernel.name(), threads, r, (System.nanoTime() - t0) / 1e9);
    }
}
