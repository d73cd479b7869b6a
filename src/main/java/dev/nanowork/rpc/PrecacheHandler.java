package dev.nanowork.rpc;

import dev.nanowork.block.Block;
import dev.nanowork.search.Caller;
import dev.nanowork.search.Precache;
import dev.nanowork.search.PrecacheRefusal;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code work_precache}, our extension of nano_node's RPC (nano_node and its clients never send it): a wallet that
 * has just published a block asks for the work of the account's next block, whose root is the hash of the one
 * published, and is answered at once; the search goes on without it ({@link Precache}), and its later {@code
 * work_generate} for that root is answered from what was found (GenerateHandler asks the precache first). Read in
 * work_generate's order: {@code version}, {@code hash} (the root itself), {@code difficulty} or {@code multiplier}
 * (default the base) within the same limits, then {@code block} as work_generate reads it (with {@code json_block}),
 * whose hash is the root. A refusal costs the wallet nothing: its work_generate searches as it would have.
 */
final class PrecacheHandler implements ActionHandler {
    private final Precache precache;
    private final Difficulty min;
    private final Difficulty max;

    PrecacheHandler(Precache precache, Difficulty min, Difficulty max) {
        this.precache = precache;
        this.min = min;
        this.max = max;
    }

    @Override
    public Answer answer(RpcRequest request, Caller caller, long deadlineNanos) {
        WorkVersion.of(request);
        Optional<Root> hash = request.parsed("hash", RpcError.INVALID_BLOCK_HASH, Root::parse, "64 hex digits");
        if (hash.isEmpty() && !request.has("block")) {
            throw new RpcError(
                    RpcError.UNABLE_TO_PARSE_JSON,
                    "hash or block is required: the hash of the block just published (64 hex digits), or that block");
        }
        Difficulty difficulty = GenerateTarget.asked(request, min, max);
        Optional<Block> block = BlockField.of(request);
        Root root = block.map(Block::hash).orElseGet(hash::orElseThrow);
        if (hash.isPresent() && !hash.get().equals(root)) {
            throw new RpcError(
                    RpcError.ROOT_MISMATCH,
                    "the block's hash is " + root + " (the root of the account's next block); hash was " + hash.get()
                            + ": send one of them, or both alike");
        }
        Precache.State state;
        try {
            state = precache.precache(root, difficulty, caller);
        } catch (PrecacheRefusal e) {
            throw new RpcError(RpcError.PRECACHE_REFUSED, e.getMessage());
        }
        return new Answer.Precached(root.toString(), state.name().toLowerCase(Locale.ROOT));
    }
}
