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
 * One connection's request-head deadline (nginx's {@code client_header_timeout}): a request head must arrive whole
 * within {@code header-timeout} of the connection's acceptance, or of the first byte sent after the previous answer;
 * else the connection is closed. Only the head is timed: the wait for an answer (a {@code work_generate} may be
 * silent until its own deadline) and an idle keep-alive connection between requests are not (the idle timeout
 * covers those), so an honest long search is never cut, while a client dribbling its headers, however often it
 * sends a byte, holds its connection for at most the timeout.
 *
 * <p>Two handlers share the state: {@link #bytes()}, first in the pipeline, sees the raw bytes (a new head starting);
 * {@link #heads()}, just before Vert.x's own handler, sees the decoded heads coming in and the answers' last parts
 * going out. Both run on the connection's event loop, so the state needs no locking.
 */
final class HeadDeadline {
    static final String NAME = "nano-work.head-deadline";
    static final String HEADS = "nano-work.request-heads";
    /** Vert.x's HTTP/1.x connection handler, which the decoded heads reach last. */
    static final String VERTX_HANDLER = "handler";

    private final long timeoutNanos;
    /** Heads read whose answer has not been written whole yet (more than one when a client pipelines). */
    private int unanswered;

    private ScheduledFuture<?> timer;
    private Channel channel;

    HeadDeadline(Duration timeout) {
        this.timeoutNanos = timeout.toNanos();
    }

    /** The first handler of the connection's pipeline. */
    ChannelInboundHandlerAdapter bytes() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelActive(ChannelHandlerContext ctx) throws Exception {
                // Vert.x set the pipeline up when the connection was registered, just before this.
                if (ctx.pipeline().get(VERTX_HANDLER) != null) {
                    ctx.pipeline().addBefore(VERTX_HANDLER, HEADS, heads());
                    arm(ctx); // the first head is timed from the acceptance
                }
                super.channelActive(ctx);
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                if (unanswered == 0 && timer == null && ctx.pipeline().get(HEADS) != null) arm(ctx); // a new head
                super.channelRead(ctx, msg);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) throws Exception {
                disarm();
                super.channelInactive(ctx);
            }
        };
    }

    /** Just before Vert.x's handler: a head complete stops the clock; an answer written whole ends a request. */
    ChannelDuplexHandler heads() {
        return new ChannelDuplexHandler() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                if (msg instanceof HttpRequest) {
                    unanswered++;
                    disarm();
                }
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

    /** The head did not come in time: the connection is dropped (there is no request to answer yet). */
    private void late() {
        var unused = channel.close();
    }

    private void disarm() {
        if (timer != null) timer.cancel(false);
        timer = null;
    }
}
