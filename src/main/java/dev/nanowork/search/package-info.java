/**
 * Work searches: one root searched on every thread ({@link dev.nanowork.search.WorkSearch}), the queue
 * that runs them one at a time and refuses what it cannot serve in time ({@link dev.nanowork.search.WorkQueue},
 * {@link dev.nanowork.search.QueueRefusal}, {@link dev.nanowork.search.Admission}), who waits for a search ({@link
 * dev.nanowork.search.Caller}), how a search ended, and how many threads search ({@link dev.nanowork.search.Threads}:
 * the CPUs the instance pays for), and work searched before anyone waits for it ({@link dev.nanowork.search.Precache};
 * self-hosted {@link dev.nanowork.search.LocalPrecache}, searched behind every interactive search: {@link
 * dev.nanowork.search.Foreground}). Runs a {@code kernel}; knows nothing of requests or their wire format.
 */
package dev.nanowork.search;
