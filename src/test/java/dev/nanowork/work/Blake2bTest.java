package dev.nanowork.work;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.junit.jupiter.api.Test;

/** The general BLAKE2b against RFC 7693's example and against Bouncy Castle's, on inputs around the block edges. */
class Blake2bTest {
    /**
     * Lengths chosen on purpose: empty (one all-padding block), a work's 40 bytes, a block less one, one, and one
     * more (the last full block must be compressed as final only when nothing follows), a state block's 176 bytes,
     * two blocks and their neighbours.
     */
    static final int[] EDGE_LENGTHS = {0, 1, 3, 40, 64, 127, 128, 129, 176, 255, 256, 257, 1000};

    static final int[] DIGEST_LENGTHS = {1, 5, 8, 20, 32, 48, 64};

    @Test
    void rfc7693AppendixA() {
        // RFC 7693, Appendix A: BLAKE2b-512("abc").
        byte[] expected = HexFormat.of()
                .parseHex("ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
                        + "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923");
        assertArrayEquals(expected, Blake2b.digest(64, "abc".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void agreesWithBouncyCastleAtEveryEdgeAndDigestLength() {
        SplittableRandom random = new SplittableRandom(0x626c616b6532L);
        int checked = 0;
        for (int length : EDGE_LENGTHS) {
            byte[] input = new byte[length];
            random.nextBytes(input);
            for (int digest : DIGEST_LENGTHS) {
                assertArrayEquals(
                        bouncyCastle(digest, input), Blake2b.digest(digest, input), length + " bytes, " + digest);
                checked++;
            }
        }
        assertEquals(EDGE_LENGTHS.length * DIGEST_LENGTHS.length, checked);
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputsFedInRandomPieces() {
        SplittableRandom random = new SplittableRandom(7693);
        for (int i = 0; i < 500; i++) {
            byte[] input = new byte[random.nextInt(600)];
            random.nextBytes(input);
            Blake2b streamed = new Blake2b(32);
            for (int at = 0; at < input.length; ) {
                int piece = Math.min(input.length - at, random.nextInt(200));
                streamed.update(input, at, piece);
                at += piece;
            }
            assertArrayEquals(bouncyCastle(32, input), streamed.digest(), input.length + " bytes");
        }
    }

    @Test
    void aWorkValueIsTheEightByteDigestOfWorkAndRoot() {
        Root root = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2");
        long work = 0x2b3d689bbcb21dcaL;
        byte[] input = new byte[40];
        for (int b = 0; b < 8; b++) input[b] = (byte) (work >>> (8 * b));
        System.arraycopy(root.bytes(), 0, input, 8, 32);
        byte[] digest = Blake2b.digest(8, input);
        long value = 0;
        for (int b = 7; b >= 0; b--) value = (value << 8) | (digest[b] & 0xffL);
        assertEquals(WorkValue.value(root, work), value);
    }

    @Test
    void refusesImpossibleLengthsAndASecondDigest() {
        assertThrows(IllegalArgumentException.class, () -> new Blake2b(0));
        assertThrows(IllegalArgumentException.class, () -> new Blake2b(65));
        Blake2b once = new Blake2b(32).update(new byte[3]);
        once.digest();
        assertThrows(IllegalStateException.class, once::digest);
        assertThrows(IllegalStateException.class, () -> once.update(new byte[1]));
    }

    static byte[] bouncyCastle(int digestBytes, byte[] input) {
        Blake2bDigest digest = new Blake2bDigest(digestBytes * 8);
        digest.update(input, 0, input.length);
        byte[] out = new byte[digestBytes];
        digest.doFinal(out, 0);
        return out;
    }
}
