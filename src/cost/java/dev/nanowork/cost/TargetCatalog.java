package dev.nanowork.cost;

import dev.nanowork.cost.Pricing.Ec2Family;
import dev.nanowork.cost.Pricing.Ec2Size;
import dev.nanowork.cost.Pricing.LambdaArch;
import dev.nanowork.cost.Target.Kind;
import dev.nanowork.search.Threads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every target a pricing file prices: Lambda per architecture and memory size, one Managed Instances
 * execution environment per EC2 family, and each EC2 size. Lambda and Managed Instances requests also pay
 * API Gateway; a self-hosted EC2 instance serves HTTP itself, so its only charge is the instance-hour.
 */
public final class TargetCatalog {
    private static final double SECONDS_PER_HOUR = 3600;
    private static final double MB_PER_GB = 1024; // Lambda bills GB-s with 1 GB = 1,024 MB
    private static final double PER_MILLION = 1e6;

    private final Pricing pricing;
    private final List<Target> targets;

    public TargetCatalog(Pricing pricing) {
        this.pricing = pricing;
        List<Target> all = new ArrayList<>();
        for (LambdaArch arch : pricing.lambda().architectures()) {
            for (int mb : pricing.lambda().memorySizesMb()) all.add(lambda(arch, mb));
        }
        for (Ec2Family family : pricing.ec2()) all.add(managedInstances(family));
        for (Ec2Family family : pricing.ec2()) {
            for (Ec2Size size : family.sizes()) all.add(ec2(family, size));
        }
        this.targets = List.copyOf(all);
    }

    public List<Target> targets() {
        return targets;
    }

    public Pricing pricing() {
        return pricing;
    }

    /**
     * The target a rate line names: one of the catalogue's, or a Lambda memory size outside the table
     * (e.g. {@code lambda-arm64-4096}) so a measurement at any size can be scaled from.
     */
    public Optional<Target> find(String name) {
        for (Target t : targets) {
            if (t.name().equals(name)) return Optional.of(t);
        }
        for (LambdaArch arch : pricing.lambda().architectures()) {
            String prefix = "lambda-" + arch.name() + "-";
            if (name.startsWith(prefix)) {
                try {
                    int mb = Integer.parseInt(name.substring(prefix.length()));
                    if (mb > 0 && mb <= pricing.lambda().maxMemoryMb()) return Optional.of(lambda(arch, mb));
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    private Target lambda(LambdaArch arch, int mb) {
        Pricing.Lambda lambda = pricing.lambda();
        // CPU follows memory: 1,769 MB buys one vCPU of credit; the visible CPUs step up faster (2 from 128 MB)
        // and stop at 6. The search threads are what the function itself runs there: nano-work.threads=auto,
        // resolved by the same code (Threads: min(visible CPUs, ceil(memory / 1,769 MB))).
        double credit = (double) mb / lambda.mbPerVcpu();
        int visible = (int) Math.min(lambda.maxVisibleCpus(), Math.max(2, Math.ceil(credit)));
        int threads = Threads.resolve("auto", visible, Map.of("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(mb)));
        double perRequest = (lambda.requestPerMillion() + pricing.apiGateway().httpRequestPerMillion()) / PER_MILLION;
        boolean verified = arch.verified()
                && lambda.requestVerified()
                && pricing.apiGateway().verified();
        return new Target(
                "lambda-" + arch.name() + "-" + mb,
                Kind.LAMBDA,
                "lambda-" + arch.name(),
                mb,
                credit,
                threads,
                arch.hardware(),
                arch.gbSecond() * mb / MB_PER_GB,
                perRequest,
                verified);
    }

    private Target managedInstances(Ec2Family family) {
        Pricing.ManagedInstances lmi = pricing.managedInstances();
        int vcpus = lmi.environmentVcpus();
        double perSecond = family.hourlyPerVcpu() * vcpus * (1 + lmi.feeFraction()) / SECONDS_PER_HOUR;
        double perRequest = (lmi.requestPerMillion() + pricing.apiGateway().httpRequestPerMillion()) / PER_MILLION;
        boolean verified =
                family.verified() && lmi.verified() && pricing.apiGateway().verified();
        return new Target(
                "lmi-" + family.name(),
                Kind.MANAGED_INSTANCES,
                family.name(),
                0,
                vcpus,
                vcpus,
                family.hardware(),
                perSecond,
                perRequest,
                verified);
    }

    private static Target ec2(Ec2Family family, Ec2Size size) {
        return new Target(
                "ec2-" + family.name() + "." + size.name(),
                Kind.EC2,
                family.name(),
                0,
                size.vcpus(),
                size.vcpus(),
                family.hardware(),
                size.hourly() / SECONDS_PER_HOUR,
                0,
                family.verified());
    }
}
