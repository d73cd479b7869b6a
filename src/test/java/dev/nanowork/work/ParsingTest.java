package dev.nanowork.work;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The decided parsing rules: a root is exactly its 64 hex digits; a work or difficulty 1 to 16 hex digits
 * (nano_node's from_string_hex); either case; no prefix, sign or surrounding space (see Hex#u64Number).
 */
class ParsingTest {
    static final String ROOT = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";

    @Test
    void rootInEitherCaseIsTheSameRoot() {
        Root upper = Root.parse(ROOT);
        assertEquals(upper, Root.parse(ROOT.toLowerCase(Locale.ROOT)));
        assertEquals(upper, Root.parse("718cc2121C3E641059bc1c2cfc45666C99E8AE922F7A807B7D07B62C995D79E2"));
        assertEquals(ROOT, upper.toString());
        assertEquals((byte) 0x71, upper.bytes()[0]);
        // m1 is the first 8 bytes read little-endian: 71 8C C2 12 1C 3E 64 10 -> 0x10643e1c12c28c71
        assertEquals(0x10643e1c12c28c71L, upper.word(0));
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(
            strings = {
                "", // empty
                "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E", // 63 digits (odd length)
                "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2A", // 65 digits
                "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2718CC212", // too long
                "G18CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2", // non-hex digit
                " 718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2", // leading space
                "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2 ", // trailing space
                "0x18CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2", // prefix
            })
    void badRootsAreRefused(String text) {
        assertThrows(IllegalArgumentException.class, () -> Root.parse(text));
    }

    @Test
    void workIsTheNumberWritten() {
        assertEquals(0x2b3d689bbcb21dcaL, Work.parse("2b3d689bbcb21dca").value());
        assertEquals(0x2b3d689bbcb21dcaL, Work.parse("2B3D689BBCB21DCA").value());
        assertEquals(-1L, Work.parse("ffffffffffffffff").value());
        assertEquals(0x2b3d689bbcb21dcL, Work.parse("2b3d689bbcb21dc").value()); // 15 digits: a leading 0 left out
        assertEquals(1L, Work.parse("1").value());
        assertEquals(new Difficulty(0xaL), Difficulty.parse("A"));
        assertEquals("0000000000010600", new Work(0x10600).toString());
        assertEquals("ffffffffffffffff", new Work(-1L).toString());
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(
            strings = {
                "",
                "2b3d689bbcb21dca0",
                "00000000000000001",
                "2b3d689bbcb21dcg",
                " 2b3d689bbcb21dc",
                "2b3d689bbcb21dca ",
                "-b3d689bbcb21dca",
                "+b3d689bbcb21dca",
                "0x3d689bbcb21dca",
                "0x",
                "-",
                " ",
                "1 "
            })
    void badWorksAndDifficultiesAreRefused(String text) {
        assertThrows(IllegalArgumentException.class, () -> Work.parse(text));
        assertThrows(IllegalArgumentException.class, () -> Difficulty.parse(text));
    }

    @Test
    void rootBytesAreCopied() {
        byte[] bytes = new byte[32];
        Root root = Root.of(bytes);
        bytes[0] = 1;
        assertArrayEquals(new byte[32], root.bytes());
        assertThrows(IllegalArgumentException.class, () -> Root.of(new byte[31]));
    }
}
