package dev.nanowork.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nanowork.work.Root;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A block's hash as nano_node computes it, against published hashes: nano_node's own tests (one block of each type,
 * the state one from the live network, the open one its genesis block) and the Nano integration guide's two state
 * blocks (a receive, and the block that opens an account, whose root is the account's key). The sources are in
 * src/test/resources/vectors/block-hashes.json.
 */
class BlockHashTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode vectors() throws Exception {
        try (InputStream in = BlockHashTest.class.getResourceAsStream("/vectors/block-hashes.json")) {
            return JSON.readTree(in);
        }
    }

    @Test
    void everyPublishedBlockHashesAsNanoNodeHashesIt() throws Exception {
        Set<String> types = new HashSet<>();
        int checked = 0;
        for (JsonNode v : vectors()) {
            String source = v.get("source").asText();
            Block fromObject = BlockReader.read(v.get("block"));
            Block fromText = BlockReader.read(JSON.writeValueAsString(v.get("block")));
            assertEquals(Root.parse(v.get("hash").asText()), fromObject.hash(), source);
            assertEquals(fromObject.hash(), fromText.hash(), source);
            assertEquals(Root.parse(v.get("root").asText()), fromObject.root(), source);
            types.add(fromObject.type().wireName());
            checked++;
        }
        assertEquals(7, checked, "vectors in block-hashes.json");
        assertEquals(Set.of("send", "receive", "open", "change", "state"), types);
    }

    @Test
    void signatureAndWorkAreNotHashedAndEveryOtherFieldIs() throws Exception {
        for (JsonNode v : vectors()) {
            ObjectNode block = (ObjectNode) v.get("block");
            Root hash = BlockReader.read(block).hash();
            assertEquals(
                    hash,
                    BlockReader.read(block.deepCopy().put("work", "1").put("signature", "1"))
                            .hash());
            for (String field : Set.of("previous", "source", "link")) {
                if (block.has(field)) {
                    ObjectNode changed = block.deepCopy().put(field, "1");
                    assertNotEquals(hash, BlockReader.read(changed).hash(), v.get("source") + ": " + field);
                }
            }
        }
    }

    @Test
    void aNumberTakesItsWidthBigEndianLeftPadded() {
        byte[] balance = BlockHash.bigEndian(new java.math.BigInteger("ffffffffffffffffffffffffffffffff", 16), 16);
        assertEquals(16, balance.length, "2^128 - 1 has a sign byte in Java, not in nano_node");
        assertEquals((byte) 0xff, balance[0]);
        byte[] one = BlockHash.bigEndian(java.math.BigInteger.ONE, 32);
        assertEquals(1, one[31]);
        assertEquals(0, one[0]);
    }
}
