package dev.nanowork.block;

import dev.nanowork.work.Blake2b;
import dev.nanowork.work.Root;
import java.math.BigInteger;

/**
 * A block's hash as nano_node computes it ({@code block::generate_hash}, blocks.cpp): BLAKE2b with a 32-byte digest
 * over the block's hashable fields in their order, each as its bytes (a number big-endian, an account its public
 * key); signature and work are not hashed. A state block's fields follow its preamble: its type as a 256-bit number,
 * {@code block_type::state} = 6, so that no state block hashes like a legacy block of the same bytes. The hash of the
 * block an account just published is the root of its next block.
 */
final class BlockHash {
    /** {@code uint256_union (block_type::state)}: 31 zero bytes, then 6. */
    private static final byte[] STATE_PREAMBLE = bigEndian(BigInteger.valueOf(6), 32);

    private final Blake2b digest = new Blake2b(32);

    private BlockHash() {}

    /** The hash of a block of {@code type}, before its fields. */
    static BlockHash of(BlockType type) {
        BlockHash hash = new BlockHash();
        if (type == BlockType.STATE) hash.add(STATE_PREAMBLE);
        return hash;
    }

    /** Adds the next field's bytes; answers them. */
    byte[] add(byte[] field) {
        digest.update(field);
        return field;
    }

    /** The hash of the fields added. */
    Root hash() {
        return Root.of(digest.digest());
    }

    /** {@code number} (below 2^(8 x width)) as {@code width} big-endian bytes, as nano_node's unions hold numbers. */
    static byte[] bigEndian(BigInteger number, int width) {
        byte[] raw = number.toByteArray(); // big-endian, perhaps with a leading sign byte
        byte[] out = new byte[width];
        int n = Math.min(raw.length, width);
        System.arraycopy(raw, raw.length - n, out, width - n, n);
        return out;
    }
}
