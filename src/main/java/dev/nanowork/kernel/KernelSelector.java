package dev.nanowork.kernel;

import java.util.List;

/**
 * Chooses the kernel once, at start-up, from the {@code kernel} setting and what this JVM can run.
 * The hot loop never asks again.
 */
public final class KernelSelector {
    private KernelSelector() {}

    /** The kernel chosen and why, in one line for the start-up log. */
    public record Selection(WorkKernel kernel, String reason) {}

    /**
     * Selects the kernel for {@code choice}.
     *
     * @throws IllegalStateException when {@code choice} names a kernel this JVM cannot run; the message
     *     lists the ones it can
     */
    public static Selection select(KernelChoice choice) {
        List<KernelChoice> runnable = List.of(KernelChoice.SCALAR);
        if (choice == KernelChoice.AUTO || choice == KernelChoice.SCALAR) {
            return new Selection(new ScalarKernel(), choice == KernelChoice.AUTO ? "auto: no vector kernel yet" : "configured");
        }
        throw new IllegalStateException("kernel " + choice.configName() + " cannot run on this JVM; it can run: "
                + runnable.stream().map(KernelChoice::configName).toList());
    }
}
