package dev.nanowork.block;

/** A block nano_node would not deserialise ({@code Block is invalid}); the message says which field and why. */
public final class InvalidBlock extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InvalidBlock(String why) {
        super(why, null, false, false); // a client's mistake, answered, not logged: no stack trace
    }
}
