package dev.nanowork.conformance;

import java.util.Map;

/** What a {@link NanoNodeCase} must answer. */
sealed interface Expect {
    /** Exactly these fields, in this order, with these values. */
    record Fields(Map<String, String> fields) implements Expect {}

    /** Refused with exactly {@code error}, perhaps with a {@code hint}. */
    record Refused(String error) implements Expect {}

    /**
     * Work for {@code hash} whose value reaches {@code threshold}, answered as nano_node's callback writes it:
     * {@code hash}, {@code work}, {@code difficulty} (the work's value), {@code multiplier} (against the base).
     * With {@code orDeadline}, the deadline's answer naming {@code threshold} also passes: the case searches at a
     * send difficulty, which nano_node's test reaches in microseconds on its dev network (base
     * {@code ffc0000000000000}) and this endpoint in seconds to minutes, so the suite gives it a short deadline.
     */
    record Work(String hash, long threshold, boolean orDeadline) implements Expect {}
}
