package dev.nanowork.rpc;

import dev.nanowork.block.Block;
import dev.nanowork.block.BlockDifficulty;
import dev.nanowork.work.Account;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;
import java.util.Optional;

/**
 * What a {@code work_generate} asks to search for: its root and difficulty, read in nano_node's order
 * (json_handler.cpp {@code work_generate}): version, account, hash, difficulty, multiplier, the limits, then the
 * block (Block is invalid, root, work version, the block's own difficulty, work already enough). The first
 * field that fails is the answer.
 *
 * @param reason why the difficulty is what it is when a block decided it and could not tell (see {@link
 *     BlockDifficulty#reason}); null otherwise
 */
record GenerateTarget(Root root, Difficulty difficulty, String reason) {
    /** Reads {@code request}, holding the difficulty to {@code [min, max]}. */
    static GenerateTarget of(RpcRequest request, Difficulty min, Difficulty max) {
        WorkVersion.of(request);
        // Checked as nano_node decodes it, and unused: nano_node passes it on to its work peers only.
        request.parsed("account", RpcError.BAD_ACCOUNT_NUMBER, Account::parse, "a nano_ address");
        Root root = request.hash();
        Optional<Difficulty> requested = request.difficulty();
        // nano_node checks the limits here, before the block; without a difficulty of its own a request with a
        // block gets the block's, so that one is checked instead (the same answer with the default limits).
        if (requested.isPresent() || !request.has("block"))
            limits(requested.orElse(Difficulty.BASE), asSent(request) + " was asked", min, max);
        Optional<Block> block = BlockField.of(request);
        if (block.isEmpty()) return new GenerateTarget(root, requested.orElse(Difficulty.BASE), null);
        Block b = block.get();
        if (!b.root().equals(root)) {
            throw new RpcError(
                    RpcError.ROOT_MISMATCH,
                    "the block's root is " + b.root() + " (its previous, or its account for an account's first"
                            + " block); hash was "
                            + request.text("hash", RpcError.INVALID_BLOCK_HASH)
                                    .map(RpcError::describe)
                                    .orElseThrow());
        }
        // Unreachable while work_1 is the only version (another is refused above), as in nano_node.
        if (request.has("version") && !WorkVersion.of(request).equals(b.workVersion()))
            throw new RpcError(RpcError.WORK_VERSION_MISMATCH, "the block's work version is " + b.workVersion());
        Difficulty difficulty = requested.orElse(Difficulty.BASE);
        String reason = null;
        if (requested.isEmpty()) {
            BlockDifficulty needed = BlockDifficulty.of(b);
            difficulty = needed.difficulty();
            reason = needed.reason();
            limits(difficulty, "the block needs " + difficulty, min, max);
        }
        if (difficulty.isReachedBy(WorkValue.value(root, b.work()))) {
            throw new RpcError(
                    RpcError.WORK_ENOUGH,
                    "the block's work " + b.work() + " already reaches " + difficulty + "; no work to generate");
        }
        return new GenerateTarget(root, difficulty, reason);
    }

    /**
     * The difficulty {@code request} asks for ({@code difficulty}, or {@code multiplier} over it, default the base),
     * held to {@code [min, max]} as a {@code work_generate} without a block is: what a {@code work_precache} searches.
     */
    static Difficulty asked(RpcRequest request, Difficulty min, Difficulty max) {
        Difficulty difficulty = request.difficulty().orElse(Difficulty.BASE);
        limits(difficulty, asSent(request) + " was asked", min, max);
        return difficulty;
    }

    /**
     * nano_node's difficulty limits, for every action that searches at a client's difficulty ({@code work_generate},
     * a {@code benchmark} with a {@code count}: {@link #capped}).
     *
     * @param asked the difficulty as the client named it, for the hint ({@link #asSent})
     */
    private static void limits(Difficulty difficulty, String asked, Difficulty min, Difficulty max) {
        if (difficulty.compareTo(min) < 0 || difficulty.compareTo(max) > 0) {
            throw new RpcError(
                    RpcError.DIFFICULTY_LIMIT,
                    "this endpoint generates from " + described(min) + " to " + described(max) + "; " + asked);
        }
    }

    /**
     * The difficulty a {@code benchmark} with a {@code count} asks for (default the base), held to the cap: else a
     * count of works at {@code ffffffffffffffff} would be a search no {@code work_generate} may ask for. Not to the
     * floor: a count below it costs next to nothing, and nano-work-server's benchmark is run at low difficulties.
     */
    static Difficulty capped(RpcRequest request, Difficulty max) {
        Difficulty difficulty = request.difficulty().orElse(Difficulty.BASE);
        limits(difficulty, asSent(request) + " was asked", new Difficulty(0), max);
        return difficulty;
    }

    /**
     * The requested difficulty as the client wrote it, for a hint that refuses it: {@code multiplier '1e30' (4
     * characters)}, not the difficulty it converts to (the client never wrote that). Call after {@link
     * RpcRequest#difficulty} read the field.
     */
    private static String asSent(RpcRequest request) {
        boolean multiplier = request.has("multiplier");
        String field = multiplier ? "multiplier" : "difficulty";
        return request.text(field, multiplier ? RpcError.BAD_MULTIPLIER : RpcError.BAD_DIFFICULTY)
                .map(text -> field + " " + RpcError.describe(text))
                .orElse("no difficulty (the default, " + Difficulty.BASE + ")");
    }

    private static String described(Difficulty d) {
        return d + " (multiplier " + Difficulty.formatMultiplier(d.multiplier()) + ")";
    }
}
