package dev.nanowork.function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * A keep-alive connection from a chosen loopback address (each is another client to the server), as a wallet's HTTP
 * client keeps one: requests one after another on the same socket, each answer read by its {@code Content-Length},
 * the connection left open between them. A connection the server closed answers nothing.
 */
final class KeptConnection implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Socket socket;

    private KeptConnection(Socket socket) {
        this.socket = socket;
    }

    static KeptConnection open(String local, int port) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(local, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        return new KeptConnection(socket);
    }

    /** Sends raw bytes (a head in pieces, say); false if the server had closed the connection. */
    boolean send(String text) {
        try {
            OutputStream out = socket.getOutputStream();
            out.write(text.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * {@code POST /} with {@code body}, and its answer if one comes within {@code millis}; empty if the server closed
     * the connection instead.
     */
    Optional<JsonNode> call(String body, int millis) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        if (!send("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: "
                + bytes.length + "\r\n\r\n" + body)) {
            return Optional.empty();
        }
        socket.setSoTimeout(millis);
        try {
            InputStream in = socket.getInputStream();
            String head = head(in);
            if (head == null) return Optional.empty();
            int length = contentLength(head);
            byte[] answer = in.readNBytes(length);
            if (answer.length < length) return Optional.empty();
            return Optional.of(JSON.readTree(answer));
        } catch (SocketTimeoutException e) {
            throw new IOException("no answer within " + millis + " ms", e);
        } catch (IOException e) {
            return Optional.empty(); // reset by the server
        }
    }

    /** Whether the server closes the connection within {@code millis} (it sends nothing before). */
    boolean closedWithin(int millis) throws IOException {
        return RawHttp.closedWithin(socket, millis);
    }

    /** The answer's head up to its blank line; null if the connection closed first. */
    static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) return null;
            head.write(b);
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    private static int contentLength(String head) throws IOException {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0
                    && line.substring(0, colon).strip().toLowerCase(Locale.ROOT).equals("content-length")) {
                return Integer.parseInt(line.substring(colon + 1).strip());
            }
        }
        throw new IOException("an answer without Content-Length: " + head);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
