import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Java client of the work endpoint with nothing but the JDK: asks for the work of a block root with
 * {@link HttpClient}, checks it with its own BLAKE2b (a client should not trust a work server's word),
 * then asks the server to validate it too.
 *
 * <pre>
 *   java samples/java/WorkClient.java [URL] [HASH] [DIFFICULTY]
 * </pre>
 *
 * URL defaults to http://localhost:8080 ({@code ./mvnw quarkus:dev}), DIFFICULTY to receive
 * (fffffe0000000000). Prints one line {@code hash=... work=... difficulty=... checked=true} and exits 0
 * when the work reaches the difficulty, 1 when it does not, 2 on a refusal or a transport error.
 */
public class WorkClient {
    static final String RECEIVE = "fffffe0000000000";

    public static void main(String[] args) throws Exception {
        String url = args.length > 0 ? args[0] : "http://localhost:8080";
        String hash = args.length > 1 ? args[1] : "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
        String difficulty = args.length > 2 ? args[2] : RECEIVE;
        // The nano-work-server README's known answer: if this fails, the BLAKE2b below is wrong.
        if (workValue("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2", "2bf29ef00786a6bc") != 0xffffffd21c3933f4L) {
            throw new AssertionError("BLAKE2b self-check failed");
        }

        try {
            run(url, hash, difficulty);
        } catch (java.io.IOException e) {
            System.err.println("cannot reach " + url + ": " + e);
            System.exit(2);
        }
    }

    static void run(String url, String hash, String difficulty) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        String answer = post(http, url, "{\"action\": \"work_generate\", \"hash\": \"" + hash + "\", \"difficulty\": \"" + difficulty + "\"}");
        String work = field(answer, "work");

        long value = workValue(hash, work);
        boolean checked = Long.compareUnsigned(value, Long.parseUnsignedLong(difficulty, 16)) >= 0
                && String.format("%016x", value).equals(field(answer, "difficulty"));
        String validated = post(http, url, "{\"action\": \"work_validate\", \"hash\": \"" + hash + "\", \"work\": \"" + work
                + "\", \"difficulty\": \"" + difficulty + "\"}");
        checked &= field(validated, "valid").equals("1");

        System.out.println("hash=" + hash + " work=" + work + " difficulty=" + String.format("%016x", value) + " checked=" + checked);
        System.exit(checked ? 0 : 1);
    }

    /** POSTs a JSON body; a refusal (HTTP 200 with "error", as nano_node) ends the program. */
    static String post(HttpClient http, String url, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(35))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200 || response.body().contains("\"error\"")) {
            System.err.println("HTTP " + response.statusCode() + ": " + response.body());
            System.exit(2);
        }
        return response.body();
    }

    /** A field of a flat JSON answer: every value the endpoint writes is a string without escapes. */
    static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]*)\"").matcher(json);
        if (!m.find()) throw new IllegalStateException("no \"" + name + "\" in " + json);
        return m.group(1);
    }

    // ---- Nano work: value = BLAKE2b-64(work as 8 bytes little-endian || root), read little-endian ----

    static final long[] IV = {
        0x6a09e667f3bcc908L, 0xbb67ae8584caa73bL, 0x3c6ef372fe94f82bL, 0xa54ff53a5f1d36f1L,
        0x510e527fade682d1L, 0x9b05688c2b3e6c1fL, 0x1f83d9abfb41bd6bL, 0x5be0cd19137e2179L};

    static final int[][] SIGMA = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
        {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
        {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
        {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
        {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0}};

    /** The work value: one BLAKE2b compression of a 40-byte message (8 bytes of work, 32 of root). */
    static long workValue(String rootHex, String workHex) {
        long[] m = new long[16];
        m[0] = Long.parseUnsignedLong(workHex, 16); // the work's 8 bytes are its u64, little-endian
        for (int w = 0; w < 4; w++) {               // the root's 32 bytes as four little-endian words
            for (int b = 7; b >= 0; b--) {
                int at = 2 * (8 * w + b);
                m[w + 1] = (m[w + 1] << 8) | Integer.parseInt(rootHex.substring(at, at + 2), 16);
            }
        }
        long[] v = new long[16];
        System.arraycopy(IV, 0, v, 0, 8);
        System.arraycopy(IV, 0, v, 8, 8);
        v[0] ^= 0x01010008L; // parameter block: digest length 8, no key, fanout 1, depth 1
        v[12] ^= 40;         // bytes hashed
        v[14] = ~v[14];      // the last block
        for (int round = 0; round < 12; round++) {
            int[] s = SIGMA[round % 10];
            g(v, m, 0, 4, 8, 12, s[0], s[1]);
            g(v, m, 1, 5, 9, 13, s[2], s[3]);
            g(v, m, 2, 6, 10, 14, s[4], s[5]);
            g(v, m, 3, 7, 11, 15, s[6], s[7]);
            g(v, m, 0, 5, 10, 15, s[8], s[9]);
            g(v, m, 1, 6, 11, 12, s[10], s[11]);
            g(v, m, 2, 7, 8, 13, s[12], s[13]);
            g(v, m, 3, 4, 9, 14, s[14], s[15]);
        }
        return IV[0] ^ 0x01010008L ^ v[0] ^ v[8]; // h0 after the compression: the digest's 8 bytes, little-endian
    }

    static void g(long[] v, long[] m, int a, int b, int c, int d, int x, int y) {
        v[a] += v[b] + m[x];
        v[d] = Long.rotateRight(v[d] ^ v[a], 32);
        v[c] += v[d];
        v[b] = Long.rotateRight(v[b] ^ v[c], 24);
        v[a] += v[b] + m[y];
        v[d] = Long.rotateRight(v[d] ^ v[a], 16);
        v[c] += v[d];
        v[b] = Long.rotateRight(v[b] ^ v[c], 63);
    }
}
