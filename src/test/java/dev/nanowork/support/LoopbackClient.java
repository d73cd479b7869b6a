package dev.nanowork.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One {@code POST /} from a chosen loopback address (127.0.0.2, 127.0.0.3, ... are all this machine on Linux, and
 * each is another client to the server), on a connection of its own that stays open until the answer is read or
 * the socket closed (closing it is how a client leaves).
 */
public final class LoopbackClient implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Socket socket;
    /** What has come so far: a wait that times out keeps what it read, for the next one to finish. */
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();

    private LoopbackClient(Socket socket) {
        this.socket = socket;
    }

    /** Sends {@code body} from {@code local} to the server at 127.0.0.1:{@code port}, with {@code headers}. */
    public static LoopbackClient post(String local, int port, String body, Map<String, String> headers)
            throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(local, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        socket.setSoTimeout(60_000);
        StringBuilder head = new StringBuilder("POST / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
        headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        head.append("Content-Type: application/json\r\nContent-Length: ")
                .append(bytes.length)
                .append("\r\n\r\n");
        OutputStream out = socket.getOutputStream();
        out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
        return new LoopbackClient(socket);
    }

    /** {@link #post} and its answer. */
    public static JsonNode call(String local, int port, String body, Map<String, String> headers) throws IOException {
        try (LoopbackClient c = post(local, port, body, headers)) {
            return c.answer();
        }
    }

    /** The answer's JSON (the server closes after it: {@code Connection: close}). */
    public JsonNode answer() throws IOException {
        InputStream in = socket.getInputStream();
        byte[] chunk = new byte[8192];
        for (int n; (n = in.read(chunk)) >= 0; ) received.write(chunk, 0, n);
        String all = received.toString(StandardCharsets.UTF_8);
        int body = all.indexOf("\r\n\r\n");
        if (body < 0) throw new IOException("no answer: '" + all + "'");
        return JSON.readTree(all.substring(body + 4));
    }

    /**
     * The answer if it comes within {@code millis}; empty if it does not (the connection stays open, and what part of
     * the answer came is kept: an answer written before the wait ended and closed after it is whole on the next call).
     */
    public java.util.Optional<JsonNode> answerWithin(int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            return java.util.Optional.of(answer());
        } catch (java.net.SocketTimeoutException e) {
            return java.util.Optional.empty();
        } finally {
            if (!socket.isClosed()) socket.setSoTimeout(60_000);
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
