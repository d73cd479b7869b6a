package dev.nanowork.cost;

import java.util.List;

/**
 * Prices and the hardware facts that go with them, as read from a pricing file under {@code infra/pricing/}.
 * Every amount is in the file's currency; {@code verified} is false for a figure no source confirmed on
 * the {@code retrieved} date.
 */
public record Pricing(
        String origin,
        String region,
        String currency,
        String retrieved,
        Lambda lambda,
        ApiGateway apiGateway,
        ManagedInstances managedInstances,
        List<Ec2Family> ec2) {

    /**
     * What a vCPU of a target is, for modelled rates only.
     *
     * @param smt        a vCPU is one hyperthread of a core shared with another vCPU
     * @param coreFactor guessed per-thread speed of the matching kernel against the dev machine's Zen 5
     */
    public record Hardware(Isa isa, boolean smt, double coreFactor) {}

    /** One Lambda architecture: price per GB-second of duration. */
    public record LambdaArch(String name, double gbSecond, boolean verified, Hardware hardware) {}

    /**
     * Lambda prices and its CPU-follows-memory rule.
     *
     * @param mbPerVcpu      memory that buys one vCPU of credit (1,769 MB)
     * @param maxVisibleCpus CPUs the function sees at the largest memory size
     */
    public record Lambda(
            double requestPerMillion,
            boolean requestVerified,
            int mbPerVcpu,
            int maxMemoryMb,
            int maxVisibleCpus,
            List<Integer> memorySizesMb,
            List<LambdaArch> architectures) {}

    public record ApiGateway(double httpRequestPerMillion, boolean verified) {}

    /**
     * Lambda Managed Instances: EC2 on-demand price plus {@code feeFraction}, per-request charge, and the
     * vCPUs one execution environment searches a work with.
     */
    public record ManagedInstances(
            double feeFraction, double requestPerMillion, boolean verified, int environmentVcpus) {}

    public record Ec2Size(String name, int vcpus, double hourly) {}

    public record Ec2Family(String name, Hardware hardware, boolean verified, List<Ec2Size> sizes) {
        /** The on-demand price of one vCPU-hour: the family's cheapest per-vCPU size (sizes scale linearly). */
        public double hourlyPerVcpu() {
            return sizes.stream().mapToDouble(s -> s.hourly() / s.vcpus()).min().orElseThrow();
        }
    }
}
