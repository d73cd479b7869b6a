package dev.nanowork.cost;

import dev.nanowork.cost.Pricing.Hardware;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the hash rate of a target, in this order:
 * <ol>
 *   <li>a rate measured (or given) on the target itself;</li>
 *   <li>a rate measured on another size of the same family, scaled by vCPUs (for Lambda by vCPU credit,
 *       which is what the CPU quota follows) - modelled;</li>
 *   <li>the locally measured per-thread rate of the kernel the target's ISA compiles, times the target's
 *       core factor, times {@link #SMT_VCPU_YIELD} where a vCPU is a hyperthread, times its vCPUs -
 *       modelled.</li>
 * </ol>
 * Among several lines for one target, a deployed measurement beats a user's figure, which beats a local
 * measurement, which beats a modelled line; among equals the last line wins, so appended lines refresh.
 */
public final class RateModel {
    /**
     * What one vCPU yields when it is a hyperthread sharing its core with another busy vCPU: the two
     * together are taken as 1.2 cores. The kernel is bound by the vector ALUs, so SMT adds little; an
     * assumption until a deployed benchmark on c6i/c7i or x86_64 Lambda replaces it.
     */
    public static final double SMT_VCPU_YIELD = 0.6;

    private static final Comparator<Rate> PREFERENCE = Comparator.comparing(Rate::source, Comparator.reverseOrder());

    private final TargetCatalog catalog;
    private final List<Rate> rates;

    public RateModel(TargetCatalog catalog, List<Rate> rates) {
        this.catalog = catalog;
        this.rates = List.copyOf(rates);
    }

    public ResolvedRate resolve(Target target) {
        Optional<Rate> own = best(
                rates.stream().filter(r -> r.target().equals(target.name())).toList());
        if (own.isPresent()) {
            Rate r = own.get();
            return new ResolvedRate(r.mhs(), !r.source().measured(), ownBasis(r));
        }
        Optional<Scaled> sibling =
                rates.reversed().stream() // reversed: max keeps the first of equals, the last line wins
                        .flatMap(r -> catalog
                                .find(r.target())
                                .filter(on -> on.family().equals(target.family()))
                                .map(on -> new Scaled(r, on))
                                .stream())
                        .max(Comparator.comparing(Scaled::rate, PREFERENCE));
        if (sibling.isPresent()) {
            Scaled s = sibling.get();
            double mhs = s.rate().mhs() / s.on().vcpus() * target.vcpus();
            return new ResolvedRate(
                    mhs,
                    true,
                    String.format(
                            Locale.ROOT,
                            "scaled by vCPU from %s (%s%s, %.1f MH/s)",
                            s.rate().target(),
                            s.rate().source().wireName(),
                            on(s.rate()),
                            s.rate().mhs()));
        }
        Hardware hw = target.hardware();
        String basisTarget = RatesFile.LOCAL_PREFIX + hw.isa().basis();
        Rate basis = best(rates.stream()
                        .filter(r -> r.target().equals(basisTarget))
                        .toList())
                .orElseThrow(() -> new CostInputException("no rate for " + target.name() + " and no \"" + basisTarget
                        + "\" line to model it from: add a measured line for it to the rates file"));
        double smt = hw.smt() ? SMT_VCPU_YIELD : 1.0;
        double mhs = basis.perThreadMhs() * hw.coreFactor() * smt * target.vcpus();
        return new ResolvedRate(
                mhs,
                true,
                String.format(
                        Locale.ROOT,
                        "%s (%s%s) %.2f MH/s/thread x core %.2f%s x %.2f vCPU",
                        basisTarget,
                        basis.source().wireName(),
                        on(basis),
                        basis.perThreadMhs(),
                        hw.coreFactor(),
                        hw.smt() ? String.format(Locale.ROOT, " x SMT %.1f", smt) : "",
                        target.vcpus()));
    }

    /**
     * The kernels measured off AWS (source measured-local, on whatever CPU each line records), one line per target,
     * the last line winning.
     */
    public List<Rate> measuredHere() {
        Map<String, Rate> byTarget = new LinkedHashMap<>();
        for (Rate r : rates) if (r.source() == RateSource.MEASURED_LOCAL) byTarget.put(r.target(), r);
        return List.copyOf(byTarget.values());
    }

    /**
     * A target's own line: what a modelled figure stands on (its basis, else its CPU model, else its source), or
     * where a measured one was taken.
     */
    private static String ownBasis(Rate r) {
        if (!r.source().measured() && r.basis() != null) return r.basis();
        return r.provenance();
    }

    /** " on CPU" as the line records where it was measured, or nothing. */
    private static String on(Rate r) {
        return r.cpu() == null ? "" : " on " + r.cpu();
    }

    private static Optional<Rate> best(List<Rate> candidates) {
        // max keeps the first of equals; reverse first so the last line wins
        return candidates.reversed().stream().max(PREFERENCE);
    }

    private record Scaled(Rate rate, Target on) {}
}
