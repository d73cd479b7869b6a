package dev.nanowork.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.access.Credentials;
import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.search.Caller;
import dev.nanowork.search.Precache;
import dev.nanowork.search.PrecacheRefusal;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code work_precache} read as work_generate reads its fields: the root from {@code hash} or from the hash of the
 * {@code block} just published, the difficulty within the same limits, each failure with nano_node's string; the
 * precache's state or its refusal answered at once.
 */
class WorkPrecacheTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String ROOT = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";

    /** What the precache was asked, and what it answers. */
    record Asked(Root root, Difficulty difficulty) {}

    final List<Asked> asked = new ArrayList<>();
    Precache.State state = Precache.State.STARTED;
    final Precache recording = (root, difficulty, caller) -> {
        asked.add(new Asked(root, difficulty));
        if (state == null) throw new PrecacheRefusal("full up; your work_generate will search as usual");
        return state;
    };

    final WorkQueue queue = Wiring.queue(new WorkSearch(new ScalarKernel(), 1), 4);
    final MapRpc rpc = MapRpc.of(Wiring.rpc(queue, WorkRpcTest.settings("both"), Credentials.NONE, recording));

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    Map<String, String> precache(String fields) {
        return rpc.handle(
                "{\"action\":\"work_precache\"" + fields + "}", System.nanoTime() + TimeUnit.SECONDS.toNanos(5));
    }

    /** The integration guide's receive: its hash is the root of the account's next block. */
    static JsonNode publishedBlock() throws Exception {
        try (InputStream in = WorkPrecacheTest.class.getResourceAsStream("/vectors/block-hashes.json")) {
            return JSON.readTree(in).get(5);
        }
    }

    @Test
    void aHashIsPrecachedAtTheBaseDifficultyUnlessAskedOtherwise() {
        assertEquals(
                Map.of("hash", ROOT, "precache", "started"),
                precache(",\"hash\":\"" + ROOT.toLowerCase(java.util.Locale.ROOT) + "\""));
        state = Precache.State.READY;
        assertEquals(
                "ready",
                precache(",\"hash\":\"" + ROOT + "\",\"multiplier\":\"1.5\"").get("precache"));
        state = Precache.State.SEARCHING;
        assertEquals(
                "searching",
                precache(",\"hash\":\"" + ROOT + "\",\"difficulty\":\"fffffe0000000000\"")
                        .get("precache"));
        assertEquals(
                List.of(
                        new Asked(Root.parse(ROOT), Difficulty.BASE),
                        new Asked(Root.parse(ROOT), Difficulty.fromMultiplier(1.5)),
                        new Asked(Root.parse(ROOT), Difficulty.RECEIVE)),
                asked);
    }

    @Test
    void aPublishedBlockIsPrecachedForItsHash() throws Exception {
        JsonNode vector = publishedBlock();
        String hash = vector.get("hash").asText();
        String block = vector.get("block").toString();
        assertEquals(
                Map.of("hash", hash, "precache", "started"), precache(",\"json_block\":\"true\",\"block\":" + block));
        assertEquals(
                hash, precache(",\"block\":" + JSON.writeValueAsString(block)).get("hash"), "as a string");
        assertEquals(
                hash,
                precache(",\"hash\":\"" + hash + "\",\"json_block\":true,\"block\":" + block)
                        .get("hash"));
        Map<String, String> mismatch = precache(",\"hash\":\"" + ROOT + "\",\"json_block\":true,\"block\":" + block);
        assertEquals(RpcError.ROOT_MISMATCH, mismatch.get("error"), mismatch.toString());
        assertTrue(mismatch.get("hint").contains(hash), mismatch.toString());
        assertEquals(3, asked.size(), "the mismatch was not precached");
    }

    @Test
    void eachFieldFailsWithWorkGeneratesString() {
        Map<String, String> errors = Map.of(
                "",
                RpcError.UNABLE_TO_PARSE_JSON,
                ",\"hash\":\"xyz\"",
                RpcError.INVALID_BLOCK_HASH,
                ",\"hash\":\"" + ROOT + "\",\"version\":\"work_2\"",
                RpcError.BAD_WORK_VERSION,
                ",\"hash\":\"" + ROOT + "\",\"difficulty\":\"g\"",
                RpcError.BAD_DIFFICULTY,
                ",\"hash\":\"" + ROOT + "\",\"multiplier\":\"-1\"",
                RpcError.BAD_MULTIPLIER,
                ",\"hash\":\"" + ROOT + "\",\"difficulty\":\"ffffffffffffffff\"",
                RpcError.DIFFICULTY_LIMIT,
                ",\"hash\":\"" + ROOT + "\",\"difficulty\":\"0000000000000001\"",
                RpcError.DIFFICULTY_LIMIT,
                ",\"json_block\":true,\"block\":{\"type\":\"state\"}",
                RpcError.INVALID_BLOCK);
        for (var e : errors.entrySet()) {
            Map<String, String> a = precache(e.getKey());
            assertEquals(e.getValue(), a.get("error"), e.getKey() + " -> " + a);
            assertTrue(a.containsKey("hint"), a.toString());
        }
        assertEquals(List.of(), asked, "nothing precached");
    }

    @Test
    void aRefusalSaysWhyAndWhatItCostsTheWallet() {
        state = null;
        assertEquals(
                Map.of("error", RpcError.PRECACHE_REFUSED, "hint", "full up; your work_generate will search as usual"),
                precache(",\"hash\":\"" + ROOT + "\""));
    }

    @Test
    void noPrecacheRefusesWithItsReason() {
        MapRpc none = MapRpc.of(Wiring.rpc(
                queue, WorkRpcTest.settings("both"), Credentials.NONE, Precache.none("not on this deployment")));
        Map<String, String> a = none.handle(
                "{\"action\":\"work_precache\",\"hash\":\"" + ROOT + "\"}",
                new RequestContext(Caller.at("192.0.2.1"), java.util.Optional.empty(), System.nanoTime() + 1_000_000));
        assertEquals(Map.of("error", RpcError.PRECACHE_REFUSED, "hint", "not on this deployment"), a);
        assertEquals(
                RpcError.NOT_SERVED,
                MapRpc.of(Wiring.rpc(queue, WorkRpcTest.settings("validate")))
                        .handle("{\"action\":\"work_precache\",\"hash\":\"" + ROOT + "\"}", 0)
                        .get("error"),
                "served where work_generate is served");
    }
}
