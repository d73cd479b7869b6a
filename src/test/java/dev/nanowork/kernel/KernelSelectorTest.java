package dev.nanowork.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.KernelSelector.Selection;
import dev.nanowork.kernel.SelectorStandIns.Rates;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The selection ladder, on injected probes and an injected timer ({@link SelectorStandIns}); on a real JVM: {@link
 * JvmProbeTest}.
 */
class KernelSelectorTest {
    private static final JvmProbe AVX512 = new JvmProbe(true, true, "on", 512);
    private static final JvmProbe AVX2 = new JvmProbe(true, true, "on", 256);
    private static final JvmProbe NEON = new JvmProbe(true, true, "on", 128);
    private static final JvmProbe NO_MODULE = new JvmProbe(false, true, "on", 0);
    private static final JvmProbe LAMBDA_C1 =
            new JvmProbe(true, false, "C2 is off: TieredStopAtLevel=1 (JAVA_TOOL_OPTIONS)", 256);

    /** The catalogue's variants that {@code which} holds for, by name, in its order. */
    private static List<String> names(Predicate<KernelVariant> which) {
        return Arrays.stream(KernelVariant.values())
                .filter(which)
                .map(KernelVariant::wireName)
                .toList();
    }

    private static Selection select(KernelChoice choice, JvmProbe probe, Rates rates) {
        return KernelSelector.select(choice, probe, new SelectorStandIns.Factory(), rates);
    }

    @Test
    void autoTimesTheWidestWidthsVariantsAndKeepsTheFastest() {
        Rates rates = new Rates(Map.of("vector512x2", 37.6, "vector512x1", 33.9, "vector256x2", 31.0));
        Selection s = select(KernelChoice.AUTO, AVX512, rates);
        assertEquals("vector512x2", s.kernel().name());
        assertEquals(
                List.of("vector512x2", "vector512x1"), rates.timed, "narrower widths cost start-up and are not timed");
        assertEquals(
                "work kernel: vector512x2 37.6 MH/s/thread (vector512x1 33.9), raced 0.0 s, C2 on, 2 threads",
                s.startupLine(2));
        assertTrue(s.warning().isEmpty());

        // Where the two-state kernel is slower (or not compiled yet within the race), one state wins.
        Selection oneState =
                select(KernelChoice.AUTO, AVX512, new Rates(Map.of("vector512x2", 0.2, "vector512x1", 20.0)));
        assertEquals("vector512x1", oneState.kernel().name());
        assertEquals(
                "work kernel: vector512x1 20.0 MH/s/thread (vector512x2 0.2 interpreted), raced 0.0 s, C2 on, 1 thread",
                oneState.startupLine(1));

        Rates avx2 = new Rates(
                Map.of("vector256x1", 20.0, "vector256x2", 19.0, "vector256x2perm", 19.5, "vector256x1nz", 19.8));
        assertEquals(
                "vector256x1", select(KernelChoice.AUTO, AVX2, avx2).kernel().name());
        assertEquals(
                List.of("vector256x2", "vector256x2perm", "vector256x1", "vector256x1nz"),
                avx2.timed,
                "auto times the one-state step kernel (nz) beside the loops, and leaves the two-state one to the width"
                        + " and its name: compile time at start-up");

        // Where the one-state kernel without zero words is the fastest (an Intel under AVX2-only code, round 18).
        Rates intel = new Rates(
                Map.of("vector256x1", 10.0, "vector256x2", 10.5, "vector256x2perm", 11.4, "vector256x1nz", 12.2));
        Selection nz = select(KernelChoice.AUTO, AVX2, intel);
        assertEquals("vector256x1nz", nz.kernel().name());
        assertEquals(
                "work kernel: vector256x1nz 12.2 MH/s/thread (vector256x2 10.5, vector256x2perm 11.4, vector256x1 10.0),"
                        + " raced 0.0 s, C2 on, 1 thread",
                nz.startupLine(1));
    }

    /**
     * When the race ended with every candidate still interpreted (dev mode's full compiler queue), their rates say
     * nothing of their compiled speed: the catalogue's first is kept, and a compiled rival beats an interpreted one.
     */
    @Test
    void candidatesTheRaceSawOnlyInterpretedDoNotRankByTheirRates() {
        Rates interpreted = new Rates(Map.of("vector512x2", 0.1, "vector512x1", 0.3));
        assertEquals(
                "vector512x2",
                select(KernelChoice.AUTO, AVX512, interpreted).kernel().name());
        Rates mixed = new Rates(Map.of("vector128x1shuf", 0.4, "scalarx2", 0.3));
        assertEquals("scalarx2", select(KernelChoice.AUTO, NEON, mixed).kernel().name(), "scalar is always compiled");
    }

    @Test
    void autoOnNeonTimesTheShuffleKernelAndScalarX2Only() {
        Rates rates = new Rates(Map.of("scalarx2", 5.4, "vector128x1shuf", 6.8));
        Selection s = select(KernelChoice.AUTO, NEON, rates);
        assertEquals("vector128x1shuf", s.kernel().name());
        assertEquals(List.of("vector128x1shuf", "scalarx2"), rates.timed, "what can win at 128 bits (the N1 model)");
        assertEquals(
                "work kernel: vector128x1shuf 6.8 MH/s/thread (scalarx2 5.4), raced 0.0 s, C2 on, 2 threads",
                s.startupLine(2));

        Rates scalarFaster = new Rates(Map.of("scalarx2", 5.4, "vector128x1shuf", 4.0));
        assertEquals(
                "scalarx2",
                select(KernelChoice.AUTO, NEON, scalarFaster).kernel().name());
        Rates width = new Rates(Map.of("vector128x1shuf", 6.8, "vector128x2", 4.3, "vector128x1", 4.7));
        select(KernelChoice.VECTOR128, NEON, width);
        assertEquals(
                List.of("vector128x1shuf", "vector128x2", "vector128x1"),
                width.timed,
                "vector128 still times all three");
    }

    @Test
    void aWidthTakesTheFasterOfItsVariants() {
        Rates rates = new Rates(Map.of("vector256x1", 20.0, "vector256x2", 25.0, "vector256x2perm", 26.0));
        Selection s = select(KernelChoice.VECTOR256, AVX512, rates);
        assertEquals("vector256x2perm", s.kernel().name());
        assertEquals(names(v -> v.bits() == 256), rates.timed, "every 256-bit variant of the catalogue");
        assertEquals("vector256: the fastest of its variants, measured", s.reason());
    }

    @Test
    void autoFallsBackToScalarWithOneWarningThatNamesTheFix() {
        SelectorStandIns.Factory factory = new SelectorStandIns.Factory();
        Rates rates = new Rates(Map.of());
        Selection noModule = KernelSelector.select(KernelChoice.AUTO, NO_MODULE, factory, rates);
        assertEquals("scalar", noModule.kernel().name());
        assertTrue(
                noModule.warning().orElseThrow().contains("--add-modules=jdk.incubator.vector"),
                noModule.warning().get());

        Selection c1 = KernelSelector.select(KernelChoice.AUTO, LAMBDA_C1, factory, rates);
        assertEquals("scalar", c1.kernel().name());
        assertFalse(c1.c2On());
        assertTrue(
                c1.warning().orElseThrow().contains("-XX:TieredStopAtLevel=4"),
                c1.warning().get());
        assertTrue(
                c1.warning().get().contains("TieredStopAtLevel=1 (JAVA_TOOL_OPTIONS)"),
                c1.warning().get());

        Selection noSimd = KernelSelector.select(KernelChoice.AUTO, new JvmProbe(true, true, "on", 64), factory, rates);
        assertEquals("scalar", noSimd.kernel().name());
        assertTrue(noSimd.warning().isPresent());
        assertEquals(
                List.of("scalar", "scalar", "scalar"), factory.asked, "no vector kernel is built when none can run");
        assertEquals(List.of(), rates.timed, "nothing is timed when only scalar can run");
    }

    @Test
    void anExplicitKernelThisJvmCannotRunStopsStartUpListingWhatCan() {
        Rates rates = new Rates(Map.of());
        IllegalStateException tooWide =
                assertThrows(IllegalStateException.class, () -> select(KernelChoice.VECTOR512, AVX2, rates));
        assertTrue(tooWide.getMessage().contains("kernel vector512 cannot run"), tooWide.getMessage());
        assertTrue(
                tooWide.getMessage().endsWith("it can run: " + String.join(", ", names(v -> v.bits() <= 256))),
                tooWide.getMessage());
        assertTrue(tooWide.getMessage().endsWith("vector128x1, scalarx2, scalar"), tooWide.getMessage());

        IllegalStateException variant =
                assertThrows(IllegalStateException.class, () -> select(KernelChoice.parse("vector512x2"), AVX2, rates));
        assertTrue(
                variant.getMessage()
                        .startsWith(
                                "kernel vector512x2 cannot run on this JVM: the JIT compiles vectors of at most 256 bits"),
                variant.getMessage());

        IllegalStateException noModule =
                assertThrows(IllegalStateException.class, () -> select(KernelChoice.VECTOR128, NO_MODULE, rates));
        assertTrue(noModule.getMessage().contains("--add-modules=jdk.incubator.vector"), noModule.getMessage());
        assertTrue(noModule.getMessage().endsWith("it can run: scalarx2, scalar"), noModule.getMessage());

        IllegalStateException c1 = assertThrows(
                IllegalStateException.class, () -> select(KernelChoice.parse("vector256x1"), LAMBDA_C1, rates));
        assertTrue(c1.getMessage().endsWith("it can run: scalarx2, scalar"), c1.getMessage());
        assertEquals(List.of(), rates.timed);
    }

    @Test
    void explicitVariantsThatCanRunAreNotTimed() {
        Rates rates = new Rates(Map.of());
        assertEquals(
                "vector256x1",
                select(KernelChoice.parse("vector256x1"), AVX512, rates)
                        .kernel()
                        .name());
        assertEquals(
                "vector128x2",
                select(KernelChoice.parse("VECTOR128x2 "), AVX2, rates).kernel().name());
        Selection scalar = select(KernelChoice.SCALAR, NO_MODULE, rates);
        assertEquals("scalar", scalar.kernel().name());
        assertTrue(scalar.warning().isEmpty(), "a configured scalar kernel is not a fallback");
        assertEquals(
                "scalarx2",
                select(KernelChoice.parse("scalarx2"), NO_MODULE, rates)
                        .kernel()
                        .name());
        assertEquals(List.of(), rates.timed, "configured variants are not timed");
        assertEquals(
                "work kernel: vector256x1 (4 lanes x 1 state, C2 on, 2 threads)",
                select(KernelChoice.parse("vector256x1"), AVX512, rates).startupLine(2));
    }

    @Test
    void everyNameParsesAndAnUnknownOneListsThem() {
        for (String name : KernelChoice.NAMES)
            assertEquals(name, KernelChoice.parse(name).configName());
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> KernelChoice.parse("vector1024"));
        assertTrue(
                e.getMessage()
                        .startsWith("kernel must be one of auto | vector512 | vector256 | vector128 | vector512x2"),
                e.getMessage());
        for (String variant : KernelChoice.VARIANTS) assertTrue(KernelChoice.NAMES.contains(variant), variant);
        assertEquals(List.of("auto", "vector512", "vector256", "vector128"), KernelChoice.NAMES.subList(0, 4));
        assertEquals(256, KernelChoice.VECTOR256.bits());
        assertEquals(256, KernelChoice.parse("vector256x2perm").bits());
        assertEquals(0, KernelChoice.SCALAR.bits());
        assertEquals(
                List.of("vector128x1shuf", "vector128x2", "vector128x1"),
                KernelChoice.VECTOR128.variants().stream()
                        .map(KernelVariant::wireName)
                        .toList());
    }

    @Test
    void theStartupLineOfAFallback() {
        Selection c1 = select(KernelChoice.AUTO, LAMBDA_C1, new Rates(Map.of()));
        assertEquals("work kernel: scalar (1 lane x 1 state, C2 off, 1 thread)", c1.startupLine(1));
    }
}
