package dev.nanowork.block;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The kinds of block, by the {@code type} nano_node writes in a block's JSON. */
public enum BlockType {
    SEND,
    RECEIVE,
    OPEN,
    CHANGE,
    STATE;

    /** The {@code type} value, e.g. {@code state}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The type named {@code type} exactly (lowercase, as nano_node compares it). */
    static Optional<BlockType> fromWire(String type) {
        return Arrays.stream(values()).filter(t -> t.wireName().equals(type)).findFirst();
    }
}
