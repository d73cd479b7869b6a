package dev.nanowork.cost;

import dev.nanowork.cost.FanOutModel.Overheads;

/**
 * A precached work ({@code work_precache}, docs/endpoint.md): the wallet asks for its next block's work as soon as it
 * publishes a block; the generate function claims the record and queues n workers asynchronously (nobody searches in
 * the generate function: it has answered); they search from the dispatch and record the find; the wallet's {@code
 * work_generate}, later, is answered from the record.
 * <pre>
 *   wallet's wait   = c                                  (the record's claim, refused with the found work)
 *   ready(q)        = d + s_q / n,   s_q = -ln(1 - q) E / r   (after the precache)
 *   cost per work   = perSecond (p + E/r + n (b + L) + a) + 2 perRequest + n invoke + 3 writes + n (E / (n r) / poll) reads
 * </pre>
 * with p the precache request's own time (a read, a claim, n queued invokes) and a the later {@code work_generate}'s
 * (a refused claim): each billed at the generate function's size. The third write is that refused claim (a condition
 * that fails still consumes a write unit).
 */
final class PrecacheModel {
    /** The precache request's billed time: a record read, a claim, the workers' queued invokes (assumed). */
    static final double PRECACHE_REQUEST_SECONDS = 0.050;

    /** A {@code work_generate} answered from the record: one refused claim and the answer (assumed). */
    static final double ANSWER_FROM_RECORD_SECONDS = 0.020;

    private PrecacheModel() {}

    /**
     * @param walletWait what the wallet waits for its work (the {@code work_generate} answered from the record)
     * @param readyP50 how long after the precache the work is ready, half of the time
     */
    record PrecacheEstimate(
            Estimate single, int workers, double walletWait, double readyP50, double readyP99, double costPerWork) {
        double costRatio() {
            return costPerWork / single.costPerWork();
        }
    }

    static PrecacheEstimate estimate(Estimate single, int workers, Overheads o, double invokePrice) {
        if (workers < 1) throw new IllegalArgumentException("a precache queues at least one worker, was " + workers);
        double alone = single.meanSeconds();
        double searching = alone / workers;
        Target target = single.target();
        double cost = target.perSecond()
                        * (PRECACHE_REQUEST_SECONDS
                                + alone
                                + workers * (o.workerStart() + o.stopLag())
                                + ANSWER_FROM_RECORD_SECONDS)
                + 2 * target.perRequest()
                + workers * invokePrice
                + 3 * o.writePrice()
                + workers * (searching / o.poll()) * o.readPrice();
        return new PrecacheEstimate(
                single,
                workers,
                o.claim(),
                readyAt(0.5, alone, o.dispatch(), workers),
                readyAt(0.99, alone, o.dispatch(), workers),
                cost);
    }

    /** The q-quantile of the time from the precache to the work found: the dispatch, then n workers together. */
    static double readyAt(double q, double alone, double dispatch, int workers) {
        return dispatch - Math.log(1 - q) * alone / workers;
    }
}
