package dev.nanowork.block;

import dev.nanowork.work.Root;
import dev.nanowork.work.Work;

/**
 * A block, down to what work generation needs: its type, its root (what its work is computed for), whether it
 * opens an account, and the work it carries. Every block today is of work version {@code work_1}.
 *
 * @param root nano_node's {@code block::root()}: the previous block's hash, or the account's public key for
 *     an open block and for a state block whose previous is zero
 * @param opensAccount an open block, or a state block whose previous is zero (the account's first block)
 */
public record Block(BlockType type, Root root, boolean opensAccount, Work work) {
    /** The work version of every block nano_node knows (blocks.cpp {@code block::work_version}). */
    public static final String WORK_VERSION = "work_1";

    /** The block's work version. */
    public String workVersion() {
        return WORK_VERSION;
    }
}
