package dev.nanowork.function;

import dev.nanowork.access.AddressSet;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.logging.Logger;

/**
 * Sits on the listening socket's pipeline, before Netty hands each accepted connection to Vert.x: counts the open
 * connections of each address (a stranger's IPv6 address: of its /64, {@link ConnectionLimits#keyFor}), closes one beyond its address's share ({@link ConnectionLimits#limitFor}) as soon as
 * it is registered, before a byte of it is read, and gives every other one its {@link RequestDeadline}. Closing without
 * an answer is all a server can do there: there is no request yet to answer (Quarkus' own global limit does the
 * same), and waiting for one is what a slow-loris wants. Runs on the acceptor thread; a connection's close is
 * counted on its own event loop, hence the concurrent map.
 */
@ChannelHandler.Sharable
final class AcceptedConnections extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = Logger.getLogger(AcceptedConnections.class.getName());
    static final String NAME = "nano-work.accepted-connections";

    private final ConnectionLimits limits;
    private final ConcurrentMap<String, Integer> open = new ConcurrentHashMap<>();

    AcceptedConnections(ConnectionLimits limits) {
        this.limits = limits;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Channel child) admit(child);
        ctx.fireChannelRead(msg); // on to Netty's acceptor, which registers it and lets Vert.x set it up
    }

    private void admit(Channel child) {
        String address = address(child);
        int limit = limits.limitFor(address);
        String key = limits.keyFor(address);
        boolean[] admitted = {false};
        open.compute(key, (a, n) -> {
            int held = n == null ? 0 : n;
            if (held >= limit) return n;
            admitted[0] = true;
            return held + 1;
        });
        if (!admitted[0]) {
            LOG.fine(() -> "closing a connection from " + address + ": " + key + " holds " + limit + " already");
            child.pipeline().addFirst(RequestDeadline.NAME, Refused.INSTANCE);
            return;
        }
        child.closeFuture().addListener(closed -> open.computeIfPresent(key, (a, n) -> n > 1 ? n - 1 : null));
        child.pipeline().addFirst(RequestDeadline.NAME, new RequestDeadline(limits.headerTimeout()).bytes());
    }

    /** The canonical address of the connection's peer, as the queue names clients. */
    static String address(Channel child) {
        if (child.remoteAddress() instanceof InetSocketAddress inet && inet.getAddress() != null) {
            String literal = inet.getAddress().getHostAddress();
            return AddressSet.canonical(literal).orElse(literal);
        }
        return String.valueOf(child.remoteAddress());
    }

    /**
     * A connection over its address's share: closed once it is registered with its event loop (an unregistered
     * channel cannot be closed through its pipeline), without passing on its activation, so no request of it is
     * ever read.
     */
    @ChannelHandler.Sharable
    static final class Refused extends ChannelInboundHandlerAdapter {
        static final Refused INSTANCE = new Refused();

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            var unused = ctx.close(); // nothing to wait for: the connection is dropped either way
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            io.netty.util.ReferenceCountUtil.release(msg);
        }
    }
}
