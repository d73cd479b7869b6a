package dev.nanowork.cost;

/**
 * What one variant of a deployed stack did over a window, read from its metrics ({@link MeasuredStack}): the works it
 * answered (work_generate requests), what a wallet waited (mean, p50, p99 of their latency), the measured hash rate of
 * one execution (generate function; its workers' apart), the deadlines missed, and what it was billed for: the generate
 * and worker functions' duration (milliseconds) and invocations, and the record table's reads and writes its functions counted (a request unit each).
 * {@code costPerWork} is the billed cost at the prices of {@code pricing} ({@link #billed}).
 */
public record Measured(
        String variant,
        String target,
        String namespace,
        String from,
        String to,
        long works,
        double mhs,
        double workerMhs,
        double meanSeconds,
        double p50Seconds,
        double p99Seconds,
        long deadlines,
        long workersAsked,
        double generateMs,
        long generateInvocations,
        double workerMs,
        long workerInvocations,
        double readUnits,
        double writeUnits,
        double costPerWork,
        String pricing) {

    /**
     * The cost per work as billed, at {@code target}'s price per second of its memory and per request (Lambda's and
     * the HTTP API's, once per work), Lambda's request charge per worker invocation, and DynamoDB's per request unit
     * (on demand, a consumed unit is a billed request unit): the generate function's duration counts every action it
     * served in the window, not only work_generate's.
     */
    public static double billed(
            Target target,
            double lambdaRequest,
            double readPrice,
            double writePrice,
            long works,
            double generateMs,
            double workerMs,
            long workerInvocations,
            double readUnits,
            double writeUnits) {
        double total = (generateMs + workerMs) / 1000 * target.perSecond()
                + works * target.perRequest()
                + workerInvocations * lambdaRequest
                + readUnits * readPrice
                + writeUnits * writePrice;
        return total / works;
    }

    /** This measurement's cost per work at {@code target}'s prices (the report's pricing file). */
    public double billed(Target target, double lambdaRequest, double readPrice, double writePrice) {
        return billed(
                target,
                lambdaRequest,
                readPrice,
                writePrice,
                works,
                generateMs,
                workerMs,
                workerInvocations,
                readUnits,
                writeUnits);
    }

    /** Where it was measured, as the report's rate column says it. */
    public String provenance() {
        return "measured on stack " + namespace + " (" + variant + "), " + from + " to " + to + ", " + works + " works";
    }
}
