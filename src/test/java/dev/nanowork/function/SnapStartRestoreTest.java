package dev.nanowork.function;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.FrozenRandom;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The SnapStart hooks invoked as Lambda's runtime invokes them: after a restore on a CPU that still runs the
 * kernel nothing changes but fresh randomness; on one that lacks its features the engine falls back to scalar
 * and still answers. Its own test profile, so the fallback does not reach the other tests' application.
 */
@QuarkusTest
@TestProfile(SnapStartRestoreTest.Isolated.class)
class SnapStartRestoreTest {
    public static final class Isolated implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("nano-work.kernel", "auto");
        }
    }

    static final String RECEIVE_REQUEST =
            "{\"hash\":\"718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2\",\"difficulty\":\"fffffe0000000000\"}";

    @Inject
    SnapStartRestore hooks;

    @Inject
    WorkEngine engine;

    @Test
    void restoreOnACpuThatRunsTheKernelKeepsItAndReseeds() {
        String kernel = engine.kernel().name();
        // The engine's start nonces drawn from a generator in the state a snapshot froze; its twin is another
        // instance restored from the same snapshot, never reseeded.
        FrozenRandom snapshot = new FrozenRandom("before the checkpoint");
        WorkQueue started = engine.queue();
        engine.serve(new WorkSearch(engine.kernel(), 1, snapshot.copy()), JvmProbe.CpuFacts.current());
        started.close();
        started.search().close();
        hooks.beforeCheckpoint(null);
        hooks.afterRestore(null); // this machine: its own flags allow what was selected on it
        assertEquals(kernel, engine.kernel().name());
        try (WorkSearch twin = new WorkSearch(engine.kernel(), 1, snapshot.copy())) {
            assertNotEquals(
                    FrozenRandom.nextStart(twin),
                    FrozenRandom.nextStart(engine.queue().search()));
        }
        String line = engine.afterRestore(JvmProbe.CpuFacts.current());
        assertTrue(line.contains("runs the " + kernel + " kernel"), line);
        generates();
    }

    @Test
    void restoreOnACpuWithoutTheKernelsFeaturesFallsBackToScalar() {
        String kernel = engine.kernel().name();
        Assumptions.assumeTrue(
                kernel.startsWith("vector512") || kernel.startsWith("vector256"),
                "the selected kernel (" + kernel + ") runs on every CPU of its architecture: no fallback to show");
        // What a Firecracker CPU template that hides AVX-512 (and AVX2) would report.
        String line = engine.afterRestore(new JvmProbe.CpuFacts("restored host", List.of(), true, "1", "16", 128));
        assertTrue(line.contains("falling back to scalar"), line);
        assertEquals("scalar", engine.kernel().name());
        generates();
    }

    private static void generates() {
        given().contentType(ContentType.JSON)
                .body(RECEIVE_REQUEST)
                .post("/work_generate")
                .then()
                .statusCode(200)
                .body("hash", equalTo("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2"));
    }
}
