package dev.nanowork.cost;

/**
 * One line of a rates file: the hash rate {@code mhs} (MH/s for the whole instance) that {@code kernel}
 * reached on {@code target} with {@code threads} threads; {@code basis}, for a modelled line, what the figure stands
 * on (e.g. "from compiled aarch64 code, Neoverse N1 model"), or null.
 */
public record Rate(
        String target,
        double mhs,
        int threads,
        String kernel,
        RateSource source,
        String cpuModel,
        String note,
        String basis) {
    public Rate(
            String target, double mhs, int threads, String kernel, RateSource source, String cpuModel, String note) {
        this(target, mhs, threads, kernel, source, cpuModel, note, null);
    }

    /**
     * Where it was measured, as its line records it, up to the CPU's name and ISA ("AMD EPYC family 26 model 2 (Zen 5,
     * AVX-512)", without the cores and flags after it); null when the line names no CPU.
     */
    public String cpu() {
        return cpuModel == null ? null : cpuModel.replaceFirst("\\),.*", ")");
    }

    /** Its source and, when its line records one, the CPU it was measured on: "measured-local on AMD EPYC ...". */
    public String provenance() {
        return cpuModel == null ? source.wireName() : source.wireName() + " on " + cpuModel;
    }

    /** The rate of one thread, the unit modelled rates scale from. */
    public double perThreadMhs() {
        return mhs / threads;
    }
}
