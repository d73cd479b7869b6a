package dev.nanowork.function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Requests written byte by byte to the server at 127.0.0.1:{@code port} from a chosen loopback address (each another
 * client), and their answers read as they came over the socket: status, headers and JSON, so that a test sees a
 * refusal's {@code Retry-After} and {@code Connection: close}, a head sent without its body, and the server closing.
 */
record RawHttp(int port) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** An answer as it came over the socket (header names in lower case). */
    record Reply(int status, Map<String, String> headers, JsonNode json) {
        /** A work_validate answered (the tests' request): let in. */
        boolean served() {
            return "1".equals(json.path("valid_receive").asText());
        }

        boolean limited() {
            return RateLimiter.TOO_MANY.equals(json.path("error").asText());
        }
    }

    /** A connection from {@code from}, to the server another client. */
    Socket connect(String from) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(from, 0));
        s.connect(new InetSocketAddress("127.0.0.1", port));
        return s;
    }

    /** One request on its own connection, closed by the client's {@code Connection: close}. */
    Reply call(String from, String path, String body, Map<String, String> headers) throws IOException {
        try (Socket s = connect(from)) {
            StringBuilder extra = new StringBuilder("Connection: close\r\n");
            headers.forEach((k, v) -> extra.append(k).append(": ").append(v).append("\r\n"));
            send(s, path, body, extra.toString());
            Reply r = answerWithin(s, 20_000);
            if (r == null) throw new IOException("no answer from " + from + " on " + path);
            return r;
        }
    }

    static void send(Socket s, String path, String body, String extraHeaders) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + path + " HTTP/1.1\r\nHost: localhost\r\n" + extraHeaders
                + "Content-Type: application/json\r\nContent-Length: " + bytes.length + "\r\n\r\n";
        s.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().write(bytes);
        s.getOutputStream().flush();
    }

    /** A head that announces a body of 100 bytes, and no body. */
    Socket headOnly(String from, String path) throws IOException {
        Socket s = connect(from);
        s.getOutputStream()
                .write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                                + "Content-Length: 100\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        return s;
    }

    /** The next answer on {@code s} (its head, and its body by {@code Content-Length}); null if none in time. */
    static Reply answerWithin(Socket s, int millis) throws IOException {
        s.setSoTimeout(millis);
        try {
            InputStream in = s.getInputStream();
            String head = KeptConnection.head(in);
            if (head == null) return null;
            String[] lines = head.split("\r\n");
            Map<String, String> headers = new HashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    headers.put(
                            lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
                            lines[i].substring(colon + 1).strip());
                }
            }
            byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
            return new Reply(Integer.parseInt(lines[0].split(" ")[1]), headers, JSON.readTree(body));
        } catch (SocketTimeoutException e) {
            return null;
        }
    }

    /** Whether the server closes {@code s} within {@code millis}, sending nothing more. */
    static boolean closedWithin(Socket s, int millis) throws IOException {
        s.setSoTimeout(millis);
        try {
            return s.getInputStream().read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset
        }
    }
}
