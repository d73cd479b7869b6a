package dev.nanowork.search;

import java.util.Map;

/**
 * The {@code threads} setting: {@code auto} or a positive count. {@code auto} is the number of CPUs the
 * instance really pays for. On Lambda CPU follows memory, one vCPU of credit per 1,769 MB, while
 * {@code availableProcessors()} already shows 2 CPUs from 128 MB; so there it is
 * {@code min(availableProcessors, ceil(memory / 1769))}. Elsewhere it is {@code availableProcessors}.
 */
public final class Threads {
    /** Lambda memory (MB) that buys one vCPU of credit. */
    public static final int LAMBDA_MB_PER_VCPU = 1769;

    private Threads() {}

    /**
     * Resolves the setting.
     *
     * @throws IllegalArgumentException when it is neither {@code auto} nor a positive integer
     */
    public static int resolve(String setting, int availableProcessors, Map<String, String> environment) {
        String s = setting == null ? "auto" : setting.strip();
        if (s.equalsIgnoreCase("auto")) {
            String memory = environment.get("AWS_LAMBDA_FUNCTION_MEMORY_SIZE");
            if (memory == null || memory.isBlank()) return availableProcessors;
            int mb = Integer.parseInt(memory.strip());
            int paid = (mb + LAMBDA_MB_PER_VCPU - 1) / LAMBDA_MB_PER_VCPU;
            return Math.max(1, Math.min(availableProcessors, paid));
        }
        try {
            int n = Integer.parseInt(s);
            if (n >= 1) return n;
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw new IllegalArgumentException("threads must be auto or a positive integer, was '" + setting + "'");
    }

    /** Resolves the setting for this process. */
    public static int resolve(String setting) {
        return resolve(setting, Runtime.getRuntime().availableProcessors(), System.getenv());
    }
}
