/**
 * The optional secrets: a wallet key, an operator key and the edge's origin secret, each given directly or kept in an
 * SSM parameter (all read in one call through the AWS SDK, held, re-read in the background for rotations), compared in
 * constant time; and who the client is behind trusted proxies. Resolved by {@code function}, checked by {@code rpc};
 * depends on nothing of ours.
 */
package dev.nanowork.access;
