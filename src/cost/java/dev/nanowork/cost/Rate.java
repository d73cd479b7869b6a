package dev.nanowork.cost;

/**
 * One line of a rates file: the hash rate {@code mhs} (MH/s for the whole instance) that {@code kernel}
 * reached on {@code target} with {@code threads} threads.
 */
public record Rate(
        String target, double mhs, int threads, String kernel, RateSource source, String cpuModel, String note) {
    /** The rate of one thread, the unit modelled rates scale from. */
    public double perThreadMhs() {
        return mhs / threads;
    }
}
