package dev.nanowork.block;

import dev.nanowork.work.Difficulty;

/**
 * The difficulty a block needs, where the block alone decides it. nano_node asks its ledger
 * ({@code json_handler::difficulty_ledger}: is it a send, a receive, which epoch); a work server has no ledger,
 * so it reads what the block itself tells:
 *
 * <ul>
 *   <li>a legacy block (send, receive, open, change) can only be appended to an account still at epoch 0, and
 *       the ledger holds every legacy block to the epoch 1 threshold, whatever its type (ledger.cpp, the legacy
 *       block processors: {@code block_details (epoch_0, ...)}, threshold {@code epoch_1}): {@link
 *       Difficulty#EPOCH_1};
 *   <li>a state block whose previous is zero opens an account, which is a receive: {@link Difficulty#RECEIVE},
 *       the epoch 2 receive threshold (a send from an account still at epoch 1 would need epoch 1's; every
 *       account of the live network has been upgraded past that);
 *   <li>any other state block may be a send, a receive, a change or an epoch block, and only the ledger can
 *       tell: {@link Difficulty#SEND}, enough for every one of them, with the reason, which the answer carries.
 * </ul>
 *
 * @param reason why the difficulty is the send threshold although the block may need less; null when the
 *     block decided it
 */
public record BlockDifficulty(Difficulty difficulty, String reason) {
    /** What the answer says when the ledger would be needed. */
    public static final String NEEDS_LEDGER = "send difficulty: a state block with a previous block may be a send,"
            + " a receive, a change or an epoch block, and only a ledger tells which; to search at receive"
            + " difficulty send \"difficulty\": \"" + Difficulty.RECEIVE + "\"";

    /** The difficulty {@code block} needs, as far as the block alone tells. */
    public static BlockDifficulty of(Block block) {
        if (block.type() != BlockType.STATE) return new BlockDifficulty(Difficulty.EPOCH_1, null);
        if (block.opensAccount()) return new BlockDifficulty(Difficulty.RECEIVE, null);
        return new BlockDifficulty(Difficulty.SEND, NEEDS_LEDGER);
    }
}
