package dev.nanowork.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every block type read as nano_node reads it, each field's refusal, and the difficulty each block alone decides. */
class BlockReaderTest {
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void eachTypeHasItsRootAndDifficulty() {
        for (Map.Entry<String, String> e : Blocks.ALL.entrySet()) {
            Block b = BlockReader.read(e.getValue());
            assertEquals(e.getKey().replaceAll("-.*", ""), b.type().wireName(), e.getKey());
            assertEquals("work_1", b.workVersion());
            Root expectedRoot =
                    e.getKey().equals("open") || e.getKey().equals("state-open") ? Blocks.KEY : Blocks.PREVIOUS;
            assertEquals(expectedRoot, b.root(), e.getKey());
            BlockDifficulty d = BlockDifficulty.of(b);
            Difficulty expected = switch (e.getKey()) {
                case "state-open" -> Difficulty.RECEIVE;
                case "state" -> Difficulty.SEND;
                default -> Difficulty.EPOCH_1;
            };
            assertEquals(expected, d.difficulty(), e.getKey());
            assertEquals(
                    e.getKey().equals("state"),
                    d.reason() != null,
                    e.getKey() + ": a reason only where the ledger decides");
        }
        assertEquals(6, Blocks.ALL.size());
    }

    @Test
    void aMissingOrBadlyWrittenFieldMakesTheBlockInvalid() throws Exception {
        ObjectNode state = (ObjectNode) JSON.readTree(Blocks.ALL.get("state"));
        Map<String, String> bad = Map.of(
                "account", "nano_1111",
                "previous", "0x12",
                "representative", "E89208DD038FBB269987689621D52292AE9C35941A7484756ECCED92A65093BA",
                "balance", "01",
                "link", "xyz",
                "signature", "0".repeat(129),
                "work", "12345678901234567",
                "type", "State");
        for (Map.Entry<String, String> e : bad.entrySet()) {
            ObjectNode broken = state.deepCopy().put(e.getKey(), e.getValue());
            var thrown = assertThrows(InvalidBlock.class, () -> BlockReader.read(broken), e.getKey());
            assertTrue(thrown.getMessage().contains(e.getKey()), thrown.getMessage());
            ObjectNode missing = state.deepCopy();
            missing.remove(e.getKey());
            assertThrows(InvalidBlock.class, () -> BlockReader.read(missing), "no " + e.getKey());
        }
        ObjectNode nested = state.deepCopy();
        nested.putObject("balance");
        assertThrows(InvalidBlock.class, () -> BlockReader.read(nested));
        assertThrows(InvalidBlock.class, () -> BlockReader.read("{\"type\": \"state\""));
        assertThrows(InvalidBlock.class, () -> BlockReader.read("[]"));
        assertThrows(InvalidBlock.class, () -> BlockReader.read("{\"type\": \"epoch\"}"));
    }

    @Test
    void fieldsReadAsNanoNodeDecodesThem() throws Exception {
        ObjectNode state = (ObjectNode) JSON.readTree(Blocks.ALL.get("state"));
        // decode_hex takes 1 to 64 digits; the link may be an account; the balance 2^128 - 1 in decimal.
        state.put("link", Blocks.ACCOUNT).put("balance", "340282366920938463463374607431768211455");
        assertFalse(BlockReader.read(state).opensAccount());
        state.put("balance", "340282366920938463463374607431768211456");
        assertThrows(InvalidBlock.class, () -> BlockReader.read(state), "2^128 is over a u128");
        ObjectNode open = (ObjectNode) JSON.readTree(Blocks.ALL.get("state-open"));
        open.put("previous", "0");
        assertTrue(BlockReader.read(open).opensAccount(), "previous 0 written as one digit");
    }
}
