/**
 * The worker function: one search per invocation for the generate function's fan-out, from the task's start nonce,
 * stopped by the shared record. It never invokes workers itself.
 */
package dev.nanowork.worker;
