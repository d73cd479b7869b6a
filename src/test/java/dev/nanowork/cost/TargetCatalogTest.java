package dev.nanowork.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nanowork.search.Threads;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TargetCatalogTest {

    /**
     * A Lambda row's threads are what {@code nano-work.threads=auto} resolves to in that function: one at 1,769 MB,
     * where two CPUs are visible but one vCPU is paid for (the table said 2 before issue 23).
     */
    @Test
    void lambdaThreadsAreWhatTheFunctionRunsAtThatMemory() throws IOException {
        Pricing pricing = PricingFile.load(Path.of("infra/pricing/aws-us-east-1.json"));
        assertEquals(Threads.LAMBDA_MB_PER_VCPU, pricing.lambda().mbPerVcpu(), "one rule for the vCPU credit");
        TargetCatalog catalog = new TargetCatalog(pricing);
        List<String> threads = catalog.targets().stream()
                .filter(t -> t.kind() == Target.Kind.LAMBDA && t.family().equals("lambda-x86_64"))
                .map(t -> t.memoryMb() + " MB: " + t.threads())
                .toList();
        assertEquals(
                List.of("1769 MB: 1", "3538 MB: 2", "5307 MB: 3", "7076 MB: 4", "8845 MB: 5", "10240 MB: 6"), threads);
        for (Target t : catalog.targets()) {
            if (t.kind() != Target.Kind.LAMBDA) continue;
            int visible = (int) Math.min(6, Math.max(2, Math.ceil(t.vcpus())));
            assertEquals(
                    Threads.resolve(
                            "auto", visible, Map.of("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(t.memoryMb()))),
                    t.threads(),
                    t.name());
        }
    }
}
