/**
 * One work searched by many Lambda executions: the generate function invokes worker executions (the same
 * function.zip, {@code dev.nanowork.worker}), each from its own start nonce, searches too, and every execution stops
 * when the shared record ({@code dev.nanowork.share}) says the work is found, cancelled or taken over.
 */
package dev.nanowork.fanout;
