/**
 * The optional credential: one shared secret, given directly or read from an SSM parameter at start-up,
 * compared in constant time. Resolved by {@code function}, checked by {@code rpc}; depends on nothing of ours.
 */
package dev.nanowork.access;
