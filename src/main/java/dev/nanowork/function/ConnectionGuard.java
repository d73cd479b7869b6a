package dev.nanowork.function;

import dev.nanowork.config.WorkConfig;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.SingleThreadEventLoop;
import io.netty.util.concurrent.EventExecutor;
import io.quarkus.vertx.http.HttpServerStart;
import io.vertx.core.Vertx;
import io.vertx.core.impl.VertxInternal;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.ObservesAsync;
import jakarta.inject.Inject;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Puts the self-hosted server's per-address connection limits and request deadline ({@link ConnectionLimits})
 * on the socket Quarkus listens on, once it listens.
 *
 * <p>Why this way: Quarkus 3.33 (Vert.x 4.5) gives an application no hook at a connection's acceptance. Its own
 * connection handler (the global {@code quarkus.http.limits.max-connections}) is the only one a Vert.x server takes,
 * {@code HttpServerOptionsCustomizer} and {@link HttpServerStart} hand over options only, and routes, filters and
 * Vert.x's metrics see a connection only once a request head is complete, which is too late for a head that never
 * completes. An idle timeout cannot stand in: a {@code work_generate} waits silently up to its deadline, and one
 * byte every few seconds resets it. So, with the server already listening, this finds Quarkus' listening socket
 * among the channels of Vert.x's acceptor event loop and puts {@link AcceptedConnections} first on its pipeline,
 * where Netty hands over every accepted connection before Vert.x sets it up. The requests still go through Quarkus'
 * own HTTP server unchanged.
 *
 * <p>What that relies on, plainly: one Vert.x internal interface, {@code VertxInternal.getAcceptorEventLoopGroup()}
 * (public methods, stable through Vert.x 4), and Netty's {@code SingleThreadEventLoop.registeredChannelsIterator()}
 * (public, marked unstable); everything after is Netty's public pipeline API. If either changes in an upgrade, the
 * log says the limits are off (a WARNING, or the observer's error), and {@code ConnectionLimitsTest} fails.
 * Quarkus fires {@link HttpServerStart} asynchronously, a moment after the socket listens: a connection accepted
 * in that moment is not counted.
 *
 * <p>Only where {@code nano-work.self-hosted.limit-connections} is on, as the self-hosted build sets it: on Lambda,
 * API Gateway holds the connections; the Lambda build's own server (the mock event server of dev mode and tests) is
 * left as it is.
 */
@ApplicationScoped
public class ConnectionGuard {
    private static final Logger LOG = Logger.getLogger(ConnectionGuard.class.getName());

    @Inject
    WorkConfig config;

    @Inject
    Vertx vertx;

    @ConfigProperty(name = ConnectionLimits.MAX_CONNECTIONS)
    OptionalInt maxConnections;

    private volatile ConnectionLimits limits;

    /** Before the server listens: impossible settings stop start-up here, with the setting named. */
    void check(@Observes Router router) {
        limits = ConnectionLimits.of(config.selfHosted(), maxConnections);
    }

    void listening(@ObservesAsync HttpServerStart start) {
        if (!config.selfHosted().limitConnections()) return; // the Lambda build: API Gateway holds the connections
        ConnectionLimits checked = limits != null ? limits : ConnectionLimits.of(config.selfHosted(), maxConnections);
        int port = start.options().getPort();
        AcceptedConnections accepted = new AcceptedConnections(checked);
        EventLoopGroup acceptors = ((VertxInternal) vertx).getAcceptorEventLoopGroup();
        List<EventExecutor> loops = new ArrayList<>();
        acceptors.forEach(loops::add);
        AtomicInteger left = new AtomicInteger(loops.size());
        AtomicInteger attached = new AtomicInteger();
        for (EventExecutor loop : loops) {
            loop.execute(() -> {
                attached.addAndGet(attach(loop, port, accepted, checked));
                if (left.decrementAndGet() == 0 && attached.get() == 0) {
                    LOG.warning("connection limits off: no listening socket on port " + port
                            + " found among the channels of Vert.x's acceptor loop");
                }
            });
        }
    }

    /**
     * On an acceptor loop (its channels may be listed only there): puts {@code accepted} on the listening socket on
     * {@code port}, if this loop holds it; how many sockets it went on.
     */
    private static int attach(EventExecutor loop, int port, AcceptedConnections accepted, ConnectionLimits limits) {
        if (!(loop instanceof SingleThreadEventLoop events)) return 0;
        int attached = 0;
        for (Iterator<Channel> it = events.registeredChannelsIterator(); it.hasNext(); ) {
            Channel channel = it.next();
            if (channel instanceof ServerChannel
                    && channel.localAddress() instanceof InetSocketAddress local
                    && (port == 0 || local.getPort() == port)
                    && channel.pipeline().get(AcceptedConnections.NAME) == null) {
                channel.pipeline().addFirst(AcceptedConnections.NAME, accepted);
                attached++;
                LOG.info(() -> "connections on " + local + ": at most " + limits.perAddress() + " per address ("
                        + limits.perProxy() + " per trusted proxy, " + limits.perPeer()
                        + " per work peer), requests (head and body) within "
                        + limits.headerTimeout().toMillis() + " ms");
            }
        }
        return attached;
    }
}
