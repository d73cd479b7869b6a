package dev.nanowork.cost;

import dev.nanowork.cost.Pricing.Hardware;

/**
 * One place a work can run, with what it costs there: {@code perSecond} while a search runs and
 * {@code perRequest} once per work.
 *
 * @param family      what rates scale across: {@code lambda-<arch>} for Lambda, the EC2 family (e.g.
 *                    {@code c7i}) for Managed Instances and EC2, which run on the same CPUs
 * @param vcpus       vCPUs of compute the search gets (for Lambda the credit, memory / 1,769 MB)
 * @param threads     search threads (for Lambda what {@code nano-work.threads=auto} resolves to there)
 * @param memoryMb    Lambda memory size, 0 elsewhere
 * @param pricesVerified false when any price used here is marked unverified in the pricing file
 */
public record Target(
        String name,
        Kind kind,
        String family,
        int memoryMb,
        double vcpus,
        int threads,
        Hardware hardware,
        double perSecond,
        double perRequest,
        boolean pricesVerified) {

    public enum Kind {
        LAMBDA("Lambda"),
        MANAGED_INSTANCES("Lambda Managed Instances"),
        EC2("EC2");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** Capacity-billed kinds pay for idle time, so their cost per work depends on utilisation. */
        public boolean capacityBilled() {
            return this != LAMBDA;
        }
    }
}
