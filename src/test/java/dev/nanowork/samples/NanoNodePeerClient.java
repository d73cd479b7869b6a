package dev.nanowork.samples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A work peer's client as nano_node is one (nano/node/distributed_work.cpp): one connection per request, {@code
 * POST /} over HTTP/1.1 with {@code Host} and {@code Content-Type: application/json} and no credential, the body
 * its property tree written by boost's {@code write_json} (pretty-printed, every value a string), and of the answer
 * only {@code work}: anything else (an error, a refusal) is no work. It cancels by closing the connection, and
 * with a {@code work_cancel} to the same peer.
 */
final class NanoNodePeerClient implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Socket socket;

    private NanoNodePeerClient(Socket socket) {
        this.socket = socket;
    }

    /** Sends nano_node's {@code work_generate} for {@code hash} at {@code difficulty}, from {@code account} if any. */
    static NanoNodePeerClient workGenerate(int port, String hash, String difficulty, Optional<String> account)
            throws IOException {
        return workGenerate("127.0.0.1", port, hash, difficulty, account);
    }

    /** {@link #workGenerate(int, String, String, Optional)} from the node's address {@code from} (a loopback one). */
    static NanoNodePeerClient workGenerate(
            String from, int port, String hash, String difficulty, Optional<String> account) throws IOException {
        String body = "{\n    \"action\": \"work_generate\",\n    \"hash\": \"" + hash + "\",\n    \"difficulty\": \""
                + difficulty + "\""
                + account.map(a -> ",\n    \"account\": \"" + a + "\"").orElse("") + "\n}\n";
        return send(from, port, body);
    }

    /** Sends nano_node's {@code work_cancel} for {@code hash}. */
    static NanoNodePeerClient workCancel(int port, String hash) throws IOException {
        return send("127.0.0.1", port, "{\n    \"action\": \"work_cancel\",\n    \"hash\": \"" + hash + "\"\n}\n");
    }

    private static NanoNodePeerClient send(String from, int port, String body) throws IOException {
        Socket socket = new Socket();
        socket.bind(new java.net.InetSocketAddress(from, 0));
        socket.connect(new java.net.InetSocketAddress("127.0.0.1", port));
        socket.setSoTimeout(60_000);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        OutputStream out = socket.getOutputStream();
        out.write(("POST / HTTP/1.1\r\nHost: 127.0.0.1:" + port
                        + "\r\nContent-Type: application/json\r\nContent-Length: " + bytes.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
        return new NanoNodePeerClient(socket);
    }

    /** The answer's body (the peer's {@code Connection: close} is not assumed: read by Content-Length). */
    String answer() throws IOException {
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) throw new IOException("the peer closed before its answer: " + head);
            head.append((char) c);
        }
        if (!head.toString().startsWith("HTTP/1.1 200")) return "";
        int length = Integer.parseInt(head.toString()
                .lines()
                .filter(l -> l.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:"))
                .findFirst()
                .orElseThrow()
                .substring("content-length:".length())
                .strip());
        return new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    /** The {@code work} nano_node would take from the answer, if any. */
    Optional<String> work() throws IOException {
        JsonNode answer = JSON.readTree(answer());
        return Optional.ofNullable(answer.get("work")).map(JsonNode::asText);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
