package dev.nanowork.function;

import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One connection's request deadline: a request, head and body, must arrive whole within {@code header-timeout} of the
 * connection's acceptance, or of the first byte sent after the previous answer; else the connection is closed
 * (nginx's {@code client_header_timeout} and {@code client_body_timeout} as one bound, and Envoy's {@code
 * request_timeout} for the whole request). The head alone is not enough: a client that sends its head and then one
 * byte of its body every few seconds would hold its connection as long as it likes (issue 34). Only the request is
 * timed: the wait for an answer (a {@code work_generate} may be silent until its own deadline) and an idle keep-alive
 * connection between requests are not (the idle timeout covers those), so an honest long search is never cut, while
 * a client dribbling its request, however often it sends a byte, holds its connection for at most the timeout. A
 * work request is a few hundred bytes: at the default 10 s even the 64 KiB limit needs only 6.4 KB/s.
 *
 * <p>Two handlers share the state: {@link #bytes()}, first in the pipeline, sees the raw bytes (a new request
 * starting); {@link #requests()}, just before Vert.x's own handler, sees the decoded requests coming in (a head, then
 * its body's parts, the last one ending it) and the answers' last parts going out. Both run on the connection's event
 * loop, so the state needs no locking.
 */
final class RequestDeadline {
    static final String NAME = "nano-work.request-deadline";
    static final String REQUESTS = "nano-work.requests";
    /** Vert.x's HTTP/1.x connection handler, which the decoded requests reach last. */
    static final String VERTX_HANDLER = "handler";

    private final long timeoutNanos;
    /** Requests begun whose answer has not been written whole yet (more than one when a client pipelines). */
    private int unanswered;

    private ScheduledFuture<?> timer;
    private Channel channel;

    RequestDeadline(Duration timeout) {
        this.timeoutNanos = timeout.toNanos();
    }

    /** The first handler of the connection's pipeline. */
    ChannelInboundHandlerAdapter bytes() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelActive(ChannelHandlerContext ctx) throws Exception {
                // Vert.x set the pipeline up when the connection was registered, just before this.
                if (ctx.pipeline().get(VERTX_HANDLER) != null) {
                    ctx.pipeline().addBefore(VERTX_HANDLER, REQUESTS, requests());
                    arm(ctx); // the first request is timed from the acceptance
                }
                super.channelActive(ctx);
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                if (unanswered == 0 && timer == null && ctx.pipeline().get(REQUESTS) != null) arm(ctx); // a new one
                super.channelRead(ctx, msg);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) throws Exception {
                disarm();
                super.channelInactive(ctx);
            }
        };
    }

    /**
     * Just before Vert.x's handler: a request's last part (its body's end; a bodiless request has an empty one) stops
     * the clock, not its head; an answer written whole ends a request.
     */
    ChannelDuplexHandler requests() {
        return new ChannelDuplexHandler() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                if (msg instanceof HttpRequest) unanswered++;
                if (msg instanceof LastHttpContent) disarm(); // a FullHttpRequest is both: head and body at once
                super.channelRead(ctx, msg);
            }

            @Override
            public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
                if (msg instanceof LastHttpContent && unanswered > 0) unanswered--;
                super.write(ctx, msg, promise);
            }
        };
    }

    private void arm(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        timer = ctx.executor().schedule(this::late, timeoutNanos, TimeUnit.NANOSECONDS);
    }

    /**
     * The request did not come whole in time: the connection is dropped (there is no whole request to answer, and
     * an answer would wait on the client reading it).
     */
    private void late() {
        var unused = channel.close();
    }

    private void disarm() {
        if (timer != null) timer.cancel(false);
        timer = null;
    }
}
