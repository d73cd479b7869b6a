package dev.nanowork.function;

import dev.nanowork.observe.RecordWriter;
import dev.nanowork.observe.RequestRecord;
import dev.nanowork.rpc.Answer;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Each request's record ({@link RequestRecord}): made when the request arrives, kept in the routing context for the
 * layers that fill it in ({@link RequestContexts} hands it to the RPC), and written when the request ends, however it
 * ends, with the sender the {@link AccessLog} names. Apart from the access log, so that each can change alone.
 */
final class RequestLog implements Handler<RoutingContext> {
    private static final String KEY = "nano-work.request-record";

    private final AccessLog access;
    private final RecordWriter writer;
    private final String function;

    RequestLog(AccessLog access, RecordWriter writer, String function) {
        this.access = access;
        this.writer = writer;
        this.function = function;
    }

    @Override
    public void handle(RoutingContext rc) {
        long now = System.nanoTime();
        String id = LambdaInvocation.requestId(rc)
                .orElseGet(() -> Long.toHexString(ThreadLocalRandom.current().nextLong()));
        RequestRecord record = new RequestRecord(id, function, now - Arrival.waitedNanos(rc, now));
        rc.put(KEY, record);
        rc.addEndHandler(ended -> {
            AccessLog.Sender sender = access.sender(rc);
            record.sender(sender.keyId(), sender.client());
            writer.write(record);
        });
        rc.next();
    }

    /** The record of {@code rc}, or one nobody writes when this handler did not run. */
    static RequestRecord of(RoutingContext rc) {
        RequestRecord record = rc.get(KEY);
        return record == null ? RequestRecord.discarded() : record;
    }

    /** An answer given outside the RPC (before it, or instead of it): a refusal's error is the record's why. */
    static void answered(RoutingContext rc, Answer answer) {
        if (answer instanceof Answer.Refusal refusal) of(rc).outcome(RequestRecord.Outcome.REFUSED, refusal.error());
    }
}
