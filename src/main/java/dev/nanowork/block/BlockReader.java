package dev.nanowork.block;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.work.Account;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.math.BigInteger;

/**
 * Reads a block's JSON as nano_node's {@code deserialize_block_json} does (blocks.cpp, the constructors from a
 * property tree): {@code type} picks the block; each type needs all of its fields, every one read as text and
 * decoded as nano_node decodes it, whether or not a work server uses it. Signatures are not checked (nano_node's
 * work_generate does not either); their format is.
 */
public final class BlockReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private BlockReader() {}

    /**
     * A block sent as JSON text ({@code json_block} false, nano_node's default).
     *
     * @throws InvalidBlock when the text is not a JSON object holding a valid block
     */
    public static Block read(String text) {
        JsonNode tree;
        try {
            tree = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new InvalidBlock("block is not JSON text; send the block as a string of JSON, or set json_block");
        }
        return read(tree);
    }

    /**
     * A block sent as a JSON object ({@code json_block} true).
     *
     * @throws InvalidBlock naming the field that is missing or badly written
     */
    public static Block read(JsonNode block) {
        if (block == null || !block.isObject()) throw new InvalidBlock("block must be a JSON object");
        String type = field(block, "type");
        BlockType kind = BlockType.fromWire(type)
                .orElseThrow(() -> new InvalidBlock("type must be send, receive, open, change or state"));
        // Each type's fields in nano_node's order of reading them, which is also the order its hashables are hashed in
        // (blocks.cpp, each *_hashables::hash): every field a work server does not use still goes into the hash.
        Fields f = new Fields(block, BlockHash.of(kind));
        return switch (kind) {
            case SEND -> {
                Root previous = f.hash("previous");
                f.account("destination");
                f.number("balance", 16); // a legacy balance: 1 to 32 hex digits
                yield f.block(kind, previous, false);
            }
            case RECEIVE -> {
                Root previous = f.hash("previous");
                f.hash("source");
                yield f.block(kind, previous, false);
            }
            case OPEN -> {
                f.hash("source");
                f.account("representative");
                Account account = f.account("account");
                yield f.block(kind, account.key(), true);
            }
            case CHANGE -> {
                Root previous = f.hash("previous");
                f.account("representative");
                yield f.block(kind, previous, false);
            }
            case STATE -> {
                Account account = f.account("account");
                Root previous = f.hash("previous");
                f.account("representative");
                f.balance("balance");
                f.link("link");
                boolean opens = previous.equals(Fields.ZERO);
                yield f.block(kind, opens ? account.key() : previous, opens);
            }
        };
    }

    /** The text of a field, as nano_node's {@code get<std::string>} reads it; a missing one is invalid. */
    static String field(JsonNode block, String name) {
        JsonNode v = block.get(name);
        if (v == null || v.isNull()) throw new InvalidBlock("block has no " + name);
        if (!v.isValueNode()) throw new InvalidBlock(name + " must be a string");
        return v.asText();
    }

    /**
     * One block's fields, decoded as nano_node's number and account types decode them (numbers.cpp), each hashable one
     * added to {@code hashed} as its bytes (a number big-endian, an account its public key) as it is read.
     */
    private record Fields(JsonNode block, BlockHash hashed) {
        static final Root ZERO = Root.of(new byte[32]);
        static final BigInteger U128_LIMIT = BigInteger.ONE.shiftLeft(128);

        /** A 256-bit number in hex, as {@code uint256_union::decode_hex}: 1 to 64 digits. */
        Root hash(String name) {
            return Root.of(number(name, 32));
        }

        /** A number of {@code bytes} bytes in hex (1 to twice as many digits), hashed big-endian, as nano_node's unions. */
        byte[] number(String name, int bytes) {
            return hashed.add(BlockHash.bigEndian(new BigInteger(hex(name, 2 * bytes), 16), bytes));
        }

        /** The block read, its signature and work checked, its hash taken. */
        Block block(BlockType kind, Root root, boolean opensAccount) {
            Work work = signatureAndWork();
            return new Block(kind, root, opensAccount, work, hashed.hash());
        }

        /** 1 to {@code digits} hex digits. */
        String hex(String name, int digits) {
            String text = field(block, name);
            if (text.isEmpty() || text.length() > digits || !text.chars().allMatch(BlockReader::isHex))
                throw new InvalidBlock(name + " must be 1 to " + digits + " hex digits");
            return text;
        }

        Account account(String name) {
            try {
                Account account = Account.parse(field(block, name));
                hashed.add(account.key().bytes());
                return account;
            } catch (IllegalArgumentException e) {
                throw new InvalidBlock(name + " is not an account: " + e.getMessage());
            }
        }

        /** A state block's balance: decimal raw, as {@code uint128_union::decode_dec}; no sign, no leading zero. */
        void balance(String name) {
            String text = field(block, name);
            boolean digits =
                    !text.isEmpty() && text.length() <= 39 && text.chars().allMatch(Character::isDigit);
            if (!digits
                    || (text.length() > 1 && text.charAt(0) == '0')
                    || new BigInteger(text).compareTo(U128_LIMIT) >= 0)
                throw new InvalidBlock(name + " must be a decimal amount of raw below 2^128, without leading zeros");
            hashed.add(BlockHash.bigEndian(new BigInteger(text), 16));
        }

        /** A state block's link: an account (its key) or 1 to 64 hex digits, as nano_node tries both, in that order. */
        void link(String name) {
            Account account;
            try {
                account = Account.parse(field(block, name));
            } catch (IllegalArgumentException notAnAccount) {
                number(name, 32);
                return;
            }
            hashed.add(account.key().bytes());
        }

        /** The signature (1 to 128 hex digits, not verified) and the work (1 to 16 hex digits). */
        Work signatureAndWork() {
            hex("signature", 128);
            try {
                return Work.parse(field(block, "work"));
            } catch (IllegalArgumentException e) {
                throw new InvalidBlock("work must be 1 to 16 hex digits");
            }
        }
    }

    private static boolean isHex(int c) {
        return Character.digit(c, 16) >= 0 && c < 128;
    }
}
