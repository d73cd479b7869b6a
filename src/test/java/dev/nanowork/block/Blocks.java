package dev.nanowork.block;

import dev.nanowork.work.Root;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One block of each kind, as nano_node's {@code serialize_json} writes them (field names, hex in uppercase,
 * accounts as nano_ addresses, a state balance in decimal). Their work is 0, which reaches no threshold.
 */
public final class Blocks {
    /** The account (genesis key) of the open blocks; the root of an account's first block. */
    public static final Root KEY = Root.parse("E89208DD038FBB269987689621D52292AE9C35941A7484756ECCED92A65093BA");

    public static final String ACCOUNT = "nano_3t6k35gi95xu6tergt6p69ck76ogmitsa8mnijtpxm9fkcm736xtoncuohr3";
    /** The previous block of every block that has one: the root of those blocks. */
    public static final Root PREVIOUS = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2");

    static final String SOURCE = "991CF190094C00F0B68E2E5F75F6BEE95A2E0BD93CEAA4A6734DB9F19B728948";
    static final String SIGNATURE = "5B11B17DB9C8FE0CC58CAC6A6EECEF9CB122DA8A81C6D3DB1B5EE3AB065AA8F8"
            + "CB1D6765C8EB91B58530C5FF5987AD95E6D34BB57F44257E20795EE412E61600";

    /** Name (type, or state-open for a state block whose previous is zero) to the block's JSON text. */
    public static final Map<String, String> ALL = new LinkedHashMap<>();

    static {
        ALL.put(
                "send",
                "{\"type\": \"send\", \"previous\": \"" + PREVIOUS + "\", \"destination\": \"" + ACCOUNT
                        + "\", \"balance\": \"0000007E37BE2022C0914B2680000000\", \"work\": \"0000000000000000\","
                        + " \"signature\": \"" + SIGNATURE + "\"}");
        ALL.put(
                "receive",
                "{\"type\": \"receive\", \"previous\": \"" + PREVIOUS + "\", \"source\": \"" + SOURCE
                        + "\", \"work\": \"0000000000000000\", \"signature\": \"" + SIGNATURE + "\"}");
        ALL.put(
                "open",
                "{\"type\": \"open\", \"source\": \"" + SOURCE + "\", \"representative\": \"" + ACCOUNT
                        + "\", \"account\": \"" + ACCOUNT + "\", \"work\": \"0000000000000000\", \"signature\": \""
                        + SIGNATURE + "\"}");
        ALL.put(
                "change",
                "{\"type\": \"change\", \"previous\": \"" + PREVIOUS + "\", \"representative\": \"" + ACCOUNT
                        + "\", \"work\": \"0000000000000000\", \"signature\": \"" + SIGNATURE + "\"}");
        ALL.put("state", state(PREVIOUS.toString(), SOURCE));
        ALL.put("state-open", state("0".repeat(64), SOURCE));
    }

    private Blocks() {}

    /** A state block of {@link #ACCOUNT} with {@code previous} and {@code link}, work 0. */
    public static String state(String previous, String link) {
        return "{\"type\": \"state\", \"account\": \"" + ACCOUNT + "\", \"previous\": \"" + previous
                + "\", \"representative\": \"" + ACCOUNT + "\", \"balance\": \"1000000000000000000000000000000\","
                + " \"link\": \"" + link + "\", \"signature\": \"" + SIGNATURE
                + "\", \"work\": \"0000000000000000\"}";
    }
}
