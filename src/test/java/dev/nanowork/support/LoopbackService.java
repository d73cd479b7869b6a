package dev.nanowork.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

/**
 * What every offline stand-in of an AWS service shares: an HTTP server on 127.0.0.1 at a port the system chooses (so
 * stand-ins and test runs never collide), its address, its answers, its end. A stand-in extends it with its own rules
 * in {@link #handle}; each request runs on a virtual thread of its own, so one the stand-in holds (a silent store, an
 * invocation waiting for a reserved concurrency slot) never holds the others.
 *
 * <p>A base class, not a helper each stand-in holds: {@link #endpoint} and {@link #close} are then the stand-ins' own
 * public methods, written once instead of delegated three or four times.
 */
public abstract class LoopbackService implements AutoCloseable {
    private final HttpServer server;

    protected LoopbackService() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    }

    /**
     * Starts answering requests under {@code path}: called last in the stand-in's constructor, so that no request
     * reaches {@link #handle} before the stand-in's own fields are set.
     */
    protected final void serve(String path) {
        server.createContext(path, this::handle);
        server.start();
    }

    /** Answers one request by the stand-in's rules. */
    protected abstract void handle(HttpExchange exchange) throws IOException;

    /** {@code http://127.0.0.1:PORT}: the value of the client's {@code AWS_ENDPOINT_URL_<SERVICE>}. */
    public String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Answers {@code body} as {@code contentType} with {@code status}, and ends the exchange. */
    protected static void answer(HttpExchange exchange, int status, String contentType, byte[] body)
            throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    /** Stops at once: requests in flight end without an answer. */
    @Override
    public void close() {
        server.stop(0);
    }
}
