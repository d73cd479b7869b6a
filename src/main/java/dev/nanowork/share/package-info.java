/**
 * The work record every Lambda execution of one work shares (one DynamoDB item per root): what was asked, whether it
 * is being searched, found or cancelled, and the work once found. It lets many executions search one work and stop
 * together, a duplicate join a running search, a retry get a work found after its client left, and a cancel reach a
 * search in another execution. The record is never trusted: every work read from it is checked before it is answered.
 */
package dev.nanowork.share;
