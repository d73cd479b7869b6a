/**
 * nano_node's work RPC without a transport: the request read once with nano_node's leniency and limits
 * ({@link dev.nanowork.rpc.RpcRequest}), the key check, which deployment serves which action, one handler
 * per action, and the typed answers and nano_node's error strings ({@link dev.nanowork.rpc.RpcError}).
 * Uses {@code search} to run work searches and {@code access} to check the key.
 */
package dev.nanowork.rpc;
