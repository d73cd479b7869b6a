/**
 * The optional credentials: a wallet key and an operator key, each given directly or kept in an SSM parameter (read
 * through the AWS SDK when a request needs it, cached, re-read for rotations), compared in constant time. Resolved by
 * {@code function}, checked by {@code rpc}; depends on nothing of ours.
 */
package dev.nanowork.access;
