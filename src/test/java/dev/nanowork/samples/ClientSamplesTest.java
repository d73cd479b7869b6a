package dev.nanowork.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The wallet clients of samples/: the Node snippet (checks the work with nanocurrency-js) and the
 * single-file Java client (checks it with its own BLAKE2b), each run as its comment says against the
 * test server; the work they print is checked again here with the scalar reference.
 */
@QuarkusTest
class ClientSamplesTest {
    static final String HASH = "E89208DD038FBB269987689621D52292AE9C35941A7484756ECCED92A65093BA";

    /** nanocurrency is installed into tools/node by the build's {@code npm ci}. */
    static final Map<String, String> NODE_ENV = Map.of(
            "NODE_PATH",
            Path.of("tools", "node", "node_modules").toAbsolutePath().toString());

    static void assertReceiveWork(String hash, String work, String difficulty) {
        long value = WorkValue.value(Root.parse(hash), Work.parse(work));
        assertTrue(Difficulty.RECEIVE.isReachedBy(value), work + " does not reach receive difficulty for " + hash);
        assertEquals(new Difficulty(value).toString(), difficulty);
    }

    @Test
    void nodeWalletGetsAndChecksWork() throws Exception {
        SampleRun run = SampleRun.run(List.of("node", "samples/js/wallet-work.js", SampleRun.url(), HASH), NODE_ENV)
                .keep("wallet-work.txt");
        assertEquals(0, run.exitCode(), run.toString());
        JsonNode answer = new ObjectMapper().readTree(run.stdout());
        assertTrue(answer.get("checked").asBoolean(), run.toString());
        assertEquals(HASH, answer.get("hash").asText());
        assertReceiveWork(
                HASH, answer.get("work").asText(), answer.get("difficulty").asText());
    }

    @Test
    void nodeWalletReportsARefusal() {
        SampleRun run = SampleRun.run(
                List.of("node", "samples/js/wallet-work.js", SampleRun.url(), HASH, "0000000000000001"), NODE_ENV);
        assertEquals(2, run.exitCode(), run.toString());
        assertTrue(
                run.stderr().contains("work_generate: Difficulty above config limit or below publish threshold"),
                run.toString());
    }

    /**
     * The precaching wallet, at receive difficulty (the test server's lowest): every work and every precached block's
     * hash checked with nanocurrency-js, and the sends with a precache waiting less in all than those without (a receive
     * search takes hundreds of ms here, a precached answer a few; three sends without all under the three with's
     * total would need three searches in a row of a few ms, about one in 10^5).
     */
    @Test
    void nodeWalletPrecachesAfterEachBlockAndItsSendsWaitLess() throws Exception {
        SampleRun run = SampleRun.run(
                        List.of(
                                "node",
                                "samples/js/wallet-precache.js",
                                SampleRun.url(),
                                "3",
                                Difficulty.RECEIVE.toString()),
                        NODE_ENV)
                .keep("wallet-precache.txt");
        assertEquals(0, run.exitCode(), run.toString());
        JsonNode r = new ObjectMapper().readTree(run.stdout());
        assertTrue(r.get("checked").asBoolean(), run.toString());
        assertEquals(3, r.get("without_ms").size(), run.toString());
        assertEquals(3, r.get("with_ms").size(), run.toString());
        assertEquals(3, r.get("precache_ready_ms").size(), run.toString());
        long without = 0;
        long with = 0;
        for (int i = 0; i < 3; i++) {
            without += r.get("without_ms").get(i).asLong();
            with += r.get("with_ms").get(i).asLong();
        }
        assertTrue(with < without, "with the precache " + with + " ms, without " + without + " ms: " + run);
    }

    @Test
    void javaClientGetsAndChecksWork() {
        SampleRun run = SampleRun.run(
                        List.of(SampleRun.java(), "samples/java/WorkClient.java", SampleRun.url(), HASH), Map.of())
                .keep("work-client.txt");
        assertEquals(0, run.exitCode(), run.toString());
        Matcher m = Pattern.compile("hash=(\\w{64}) work=(\\w{16}) difficulty=(\\w{16}) checked=true")
                .matcher(run.stdout().strip());
        assertTrue(m.matches(), run.toString());
        assertEquals(HASH, m.group(1));
        assertReceiveWork(HASH, m.group(2), m.group(3));
    }

    @Test
    void javaClientReportsARefusal() {
        SampleRun refused = SampleRun.run(
                List.of(SampleRun.java(), "samples/java/WorkClient.java", SampleRun.url(), "XYZ"), Map.of());
        assertEquals(2, refused.exitCode(), refused.toString());
        assertTrue(refused.stderr().contains("Invalid block hash"), refused.toString());
    }
}
