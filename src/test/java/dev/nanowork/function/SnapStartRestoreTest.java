package dev.nanowork.function;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.kernel.JvmProbe;
import dev.nanowork.rpc.WorkRpc;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.FrozenRandom;
import dev.nanowork.support.Settings;
import dev.nanowork.support.SettingsProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The SnapStart hooks invoked as Lambda's runtime invokes them: after a restore on a CPU that still runs the
 * kernel nothing changes but fresh randomness; on one that lacks its features searches fall back to scalar and the
 * endpoint still answers, through the same RPC and queue. Its own test profile, so the fallback does not reach the
 * other tests' application.
 */
@QuarkusTest
@TestProfile(SnapStartRestoreTest.Isolated.class)
class SnapStartRestoreTest {
    public static final class Isolated extends SettingsProfile {
        public Isolated() {
            super(Settings.NONE.with("nano-work.kernel", "auto"));
        }
    }

    static final String RECEIVE_REQUEST =
            "{\"hash\":\"718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2\",\"difficulty\":\"fffffe0000000000\"}";

    @Inject
    SnapStartRestore hooks;

    @Inject
    WorkEngine engine;

    @Inject
    WorkRpc rpc;

    @Test
    void restoreOnACpuThatRunsTheKernelKeepsItAndReseeds() {
        String kernel = engine.kernel().name();
        hooks.beforeCheckpoint(null);
        hooks.afterRestore(null); // this machine: its own flags allow what was selected on it
        assertEquals(kernel, engine.kernel().name());
        status().body("kernel", equalTo(kernel)).body("cpu_model", equalTo(JvmProbe.cpuModel()));
        // A search whose start nonces come from a generator in the state a snapshot froze; its twin is another
        // instance restored from the same snapshot, never reseeded.
        FrozenRandom snapshot = new FrozenRandom("before the checkpoint");
        try (WorkSearch restored = new WorkSearch(engine.kernel(), 1, snapshot.copy());
                WorkSearch twin = new WorkSearch(engine.kernel(), 1, snapshot.copy())) {
            String line = SnapStartRestore.restore(restored, rpc, JvmProbe.CpuFacts.current());
            assertTrue(line.contains("runs the " + kernel + " kernel"), line);
            assertNotEquals(FrozenRandom.nextStart(twin), FrozenRandom.nextStart(restored));
        }
        generates();
    }

    @Test
    void restoreOnACpuWithoutTheKernelsFeaturesFallsBackToScalar() {
        String kernel = engine.kernel().name();
        Assumptions.assumeTrue(
                kernel.startsWith("vector512") || kernel.startsWith("vector256"),
                "the selected kernel (" + kernel + ") runs on every CPU of its architecture: no fallback to show");
        WorkQueue queue = engine.queue();
        // What a Firecracker CPU template that hides AVX-512 (and AVX2) would report.
        JvmProbe.CpuFacts hidden = new JvmProbe.CpuFacts("restored host", List.of(), true, "1", "16", 128);
        String line = SnapStartRestore.restore(queue.search(), rpc, hidden);
        assertTrue(line.contains("falling back to scalar"), line);
        assertEquals("scalar", engine.kernel().name());
        assertSame(queue, engine.queue(), "the same queue, its search on the scalar kernel");
        // What the routes answer: the one RPC they hold shows the restored host and the kernel now searching.
        status().body("kernel", equalTo("scalar")).body("cpu_model", equalTo("restored host"));
        generates();
    }

    /** The operator's status (no key is configured here, so everyone is the operator). */
    private static ValidatableResponse status() {
        return given().contentType(ContentType.JSON)
                .body("{}")
                .post("/status")
                .then()
                .statusCode(200);
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
