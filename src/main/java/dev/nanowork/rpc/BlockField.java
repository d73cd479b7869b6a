package dev.nanowork.rpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nanowork.block.Block;
import dev.nanowork.block.BlockReader;
import dev.nanowork.block.InvalidBlock;
import java.util.Optional;

/**
 * A request's optional {@code block}, read as nano_node's {@code block_impl}: a JSON object when {@code json_block}
 * is true, else a string of JSON; either way {@code Block is invalid} unless it is a whole block (BlockReader).
 */
final class BlockField {
    private BlockField() {}

    static Optional<Block> of(RpcRequest request) {
        if (!request.has("block")) return Optional.empty();
        JsonNode v = request.field("block");
        // nano_node's get<bool> ("json_block", false): "true" or "1"; anything else (an object too) is the default.
        JsonNode flag = request.field("json_block");
        String json = flag != null && flag.isValueNode() ? flag.asText() : "false";
        try {
            if (json.equals("true") || json.equals("1")) return Optional.of(BlockReader.read(v));
            if (!v.isTextual())
                throw new RpcError(RpcError.INVALID_BLOCK, "block must be a string of JSON unless json_block is true");
            return Optional.of(BlockReader.read(v.textValue()));
        } catch (InvalidBlock e) {
            throw new RpcError(RpcError.INVALID_BLOCK, e.getMessage());
        }
    }
}
