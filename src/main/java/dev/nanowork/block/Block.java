package dev.nanowork.block;

import dev.nanowork.work.Root;
import dev.nanowork.work.Work;

/**
 * A block, down to what work generation needs: its type, its root (what its work is computed for), whether it
 * opens an account, the work it carries, and its hash (the root of the block after it). Every block today is of work version {@code work_1}.
 *
 * @param root nano_node's {@code block::root()}: the previous block's hash, or the account's public key for
 *     an open block and for a state block whose previous is zero
 * @param opensAccount an open block, or a state block whose previous is zero (the account's first block)
 * @param hash nano_node's {@code block::hash()} ({@link BlockHash}): the root of the account's next block
 */
public record Block(BlockType type, Root root, boolean opensAccount, Work work, Root hash) {
    /** The work version of every block nano_node knows (blocks.cpp {@code block::work_version}). */
    public static final String WORK_VERSION = "work_1";

    /** The block's work version. */
    public String workVersion() {
        return WORK_VERSION;
    }
}
