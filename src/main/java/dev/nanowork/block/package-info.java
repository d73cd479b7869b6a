/**
 * Nano blocks as nano_node reads them from JSON (blocks.cpp): the legacy send, receive, open and change
 * blocks and the state block, each down to what a work server needs (its root, its work, whether it opens
 * an account), and the difficulty a block alone decides. Depends on {@code work} only.
 */
package dev.nanowork.block;
