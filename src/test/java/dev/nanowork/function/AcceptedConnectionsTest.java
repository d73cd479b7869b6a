package dev.nanowork.function;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The accounting and the request deadline (head and body) on Netty's own pipeline, as {@code ConnectionGuard} installs them, with
 * embedded channels standing in for the listening socket and its accepted connections (all from one address). The
 * same over real sockets, on the self-hosted build, is {@code ConnectionLimitsTest}; this one runs in the Lambda
 * build's suite too.
 */
class AcceptedConnectionsTest {
    private static final ConnectionLimits LIMITS =
            ConnectionLimits.of(ConnectionSettingsTest.settings(2, 8, 4, Duration.ofMillis(100)), OptionalInt.of(1000));

    /** A connection as Netty's acceptor hands it over: not registered yet, Vert.x's handler already in place. */
    private static EmbeddedChannel accept(EmbeddedChannel listening) throws Exception {
        EmbeddedChannel child = new EmbeddedChannel(false, false);
        child.pipeline().addLast(RequestDeadline.VERTX_HANDLER, new ChannelInboundHandlerAdapter());
        listening.writeInbound(child);
        child.register();
        return child;
    }

    @Test
    void anAddressBeyondItsShareIsClosedAndAClosedConnectionFreesItsPlace() throws Exception {
        EmbeddedChannel listening = new EmbeddedChannel(new AcceptedConnections(LIMITS));
        EmbeddedChannel first = accept(listening);
        EmbeddedChannel second = accept(listening);
        EmbeddedChannel third = accept(listening);
        assertTrue(first.isOpen() && second.isOpen(), "the share is 2");
        assertFalse(third.isOpen(), "the third from the same address is closed as it is accepted");
        first.close().sync();
        EmbeddedChannel fourth = accept(listening);
        assertTrue(fourth.isOpen(), "a closed connection gives its place back");
    }

    @Test
    void aRequestThatDoesNotComeWholeInTimeClosesTheConnectionAndAWholeRequestStopsTheClock() throws Exception {
        EmbeddedChannel listening = new EmbeddedChannel(new AcceptedConnections(LIMITS));
        EmbeddedChannel silent = accept(listening);
        EmbeddedChannel asking = accept(listening);
        asking.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/"));
        asking.writeInbound(new DefaultLastHttpContent(Unpooled.copiedBuffer("{}", StandardCharsets.US_ASCII)));
        Thread.sleep(300);
        silent.runScheduledPendingTasks();
        asking.runScheduledPendingTasks();
        assertFalse(silent.isOpen(), "no head within 100 ms: dropped");
        assertTrue(asking.isOpen(), "its request came whole: the wait for the answer is not timed");
    }

    /** Issue 34: a whole head no longer stops the clock; a body still coming in when the time is up is dropped. */
    @Test
    void aBodyThatDoesNotComeWholeInTimeClosesTheConnection() throws Exception {
        EmbeddedChannel listening = new EmbeddedChannel(new AcceptedConnections(LIMITS));
        EmbeddedChannel dribbling = accept(listening);
        dribbling.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/"));
        for (int i = 0; i < 6 && dribbling.isOpen(); i++) { // a byte every 50 ms: always something, never the end
            dribbling.writeInbound(new DefaultHttpContent(Unpooled.copiedBuffer("{", StandardCharsets.US_ASCII)));
            Thread.sleep(50);
            dribbling.runScheduledPendingTasks();
        }
        assertFalse(dribbling.isOpen(), "its body still coming 300 ms after a 100 ms deadline: dropped");
    }
}
