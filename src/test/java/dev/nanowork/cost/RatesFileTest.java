package dev.nanowork.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class RatesFileTest {
    @Test
    void theDefaultRatesFileHoldsTheLocalKernelFigures() throws IOException {
        List<Rate> rates = RatesFile.load(Path.of("infra/rates/default.jsonl"));
        assertEquals(
                List.of(
                        "local-vector512",
                        "local-vector256",
                        "local-vector256-avx2",
                        "local-scalar",
                        "local-vector128",
                        "lambda-x86_64-1769",
                        "lambda-arm64-1769",
                        "ec2-c7g.large",
                        "ec2-c8g.large"),
                rates.stream().map(Rate::target).toList());
        assertEquals(59.6, rates.get(0).perThreadMhs(), 0);
        assertEquals(RateSource.MEASURED_LOCAL, rates.get(0).source());
        assertEquals(RateSource.MODELLED, rates.get(4).source(), "vector128 is not measured yet and must say so");
        // x86_64 Lambda: an Intel measurement standing in for Lambda's Intel Xeon, modelled and naming that CPU (issue
        // 46); Graviton2, 3 and 4: estimated from C2's aarch64 code with llvm-mca (docs/kernels.md, round 6)
        assertTrue(rates.get(5).cpuModel().startsWith("Intel"), rates.get(5).cpuModel());
        for (int i = 5; i < 9; i++)
            assertEquals(
                    RateSource.MODELLED, rates.get(i).source(), rates.get(i).target());
    }

    @Test
    void aBenchLineWithoutTargetIsALocalMeasurementOfItsKernel() {
        List<Rate> rates = RatesFile.parse("""
                {"kernel":"vector512","lanes":8,"states":2,"threads":2,"mhs":140.0,"baseline_mhs":8.2}

                {"target":"lambda-arm64-10240","kernel":"vector128","threads":6,"mhs":40.5,"source":"measured-deployed"}
                {"target":"lmi-c7g","kernel":"vector256","threads":8,"mhs":200}
                """, "rates.jsonl");
        assertEquals(3, rates.size());
        assertEquals("local-vector512", rates.get(0).target());
        assertEquals(RateSource.MEASURED_LOCAL, rates.get(0).source());
        assertEquals(70.0, rates.get(0).perThreadMhs(), 0);
        assertEquals(RateSource.MEASURED_DEPLOYED, rates.get(1).source());
        assertEquals(RateSource.USER, rates.get(2).source(), "a figure without a source is the user's");
    }

    @Test
    void aBadLineIsRefusedWithItsLineNumberAndField() {
        CostInputException e = assertThrows(CostInputException.class, () -> RatesFile.parse("""
                        {"target":"lmi-c7i","kernel":"vector512","threads":8,"mhs":300}
                        {"target":"lmi-c7a","kernel":"vector512","threads":8,"mhs":-1}
                        """, "rates.jsonl"));
        assertEquals("rates.jsonl line 2: field \"mhs\" is negative (-1.0)", e.getMessage());

        e = assertThrows(
                CostInputException.class,
                () -> RatesFile.parse("{\"target\":\"lmi-c7i\",\"kernel\":\"vector512\",\"mhs\":300}", "rates.jsonl"));
        assertEquals("rates.jsonl line 1: field \"threads\" is missing", e.getMessage());

        e = assertThrows(
                CostInputException.class,
                () -> RatesFile.parse(
                        "{\"target\":\"lmi-c7i\",\"kernel\":\"vector512\",\"threads\":8,\"mhs\":300,\"source\":\"guess\"}",
                        "rates.jsonl"));
        assertEquals(
                "rates.jsonl line 1: field \"source\" is \"guess\", not one of measured-local, measured-deployed, user, modelled",
                e.getMessage());
    }
}
