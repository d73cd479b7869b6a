package dev.nanowork.function;

import dev.nanowork.config.WorkConfig;
import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.kernel.KernelChoice;
import dev.nanowork.kernel.KernelSelector;
import dev.nanowork.kernel.PrimedRate;
import dev.nanowork.search.Threads;
import dev.nanowork.search.WorkSearch;
import java.util.logging.Logger;

/**
 * The search {@link WorkEngine} starts with: the kernel selected from the one {@link JvmProbe}, said in one line, and
 * primed before the first request (and so before a SnapStart snapshot). Its lines keep WorkEngine's logger.
 */
final class SearchStartup {
    private static final Logger LOG = Logger.getLogger(WorkEngine.class.getName());

    private SearchStartup() {}

    /** The search that start-up made, and what priming reached for its kernel. */
    record Started(WorkSearch search, PrimedRate primed) {}

    /** Selects the kernel, says so, and primes it. */
    static Started startSearch(WorkConfig config, JvmProbe probe) {
        KernelSelector.Selection selection = KernelSelector.select(KernelChoice.parse(config.kernel()), probe);
        int threads = Threads.resolve(config.threads());
        LOG.info(() -> "JIT: " + JvmProbe.jitFlags() + "; jdk.incubator.vector "
                + (probe.vectorModuleReadable()
                        ? "readable"
                        : "not readable (add --add-modules=jdk.incubator.vector)"));
        if (!selection.c2On() && selection.warning().isEmpty()) {
            // auto already warned when it fell back to scalar; an explicit kernel gets the same advice here.
            LOG.warning(
                    "C2 is off, so work searches run many times slower: set JAVA_TOOL_OPTIONS=\"-XX:TieredStopAtLevel=4"
                            + " --add-modules=jdk.incubator.vector\" (Lambda's runtime stops at level 1 unless told otherwise)");
        }
        selection.logStartup(threads);
        // Before the first request, and so before a SnapStart snapshot: a restored instance answers at full speed.
        PrimedRate primed = selection.prime();
        LOG.info(() -> "work kernel primed at " + PrimedRate.mhs(primed.primed()) + " MH/s per thread");
        return new Started(new WorkSearch(selection.kernel(), threads), primed);
    }
}
