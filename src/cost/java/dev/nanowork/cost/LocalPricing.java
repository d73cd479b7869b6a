package dev.nanowork.cost;

import dev.nanowork.work.Difficulty;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts the measured kernels (rates lines measured-local, each on the CPU it records) on the report's cost axis. A local line has a measured hash rate and no
 * price, so it is priced as the Lambda {@value #ARCHITECTURE} size whose vCPU credit equals the threads it ran (one
 * thread: 1,769 MB, one whole vCPU): what a work would cost on Lambda if a Lambda vCPU hashed as the measuring machine's core
 * did. The rate is measured, the price is that Lambda size's, and wherever such a point is shown the size is named.
 * {@value #ARCHITECTURE} because the local lines are the JDK kernels measured on the project's x86_64 development and
 * CI machines; a line whose threads no Lambda size gives as vCPUs gets no point (it stays in the table).
 */
final class LocalPricing {
    static final String ARCHITECTURE = "x86_64";

    private LocalPricing() {}

    /** A line measured here and its estimate at the price of the Lambda size it is priced as. */
    record LocalPoint(Rate rate, Estimate estimate) {
        /** The Lambda target whose price the point carries, e.g. {@code lambda-x86_64-1769}. */
        String pricedAs() {
            return estimate.target().name();
        }
    }

    static List<LocalPoint> price(List<Rate> measuredHere, TargetCatalog catalog, Difficulty difficulty) {
        int mbPerVcpu = catalog.pricing().lambda().mbPerVcpu();
        List<LocalPoint> points = new ArrayList<>();
        for (Rate r : measuredHere) {
            String basis = r.provenance();
            catalog.find("lambda-" + ARCHITECTURE + "-" + r.threads() * mbPerVcpu)
                    .ifPresent(lambda -> points.add(new LocalPoint(
                            r, CostModel.estimate(lambda, new ResolvedRate(r.mhs(), false, basis), difficulty))));
        }
        return List.copyOf(points);
    }
}
