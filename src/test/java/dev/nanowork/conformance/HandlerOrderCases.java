package dev.nanowork.conformance;

import static dev.nanowork.conformance.NanoNodeCases.HASH_1;
import static dev.nanowork.conformance.NanoNodeCases.WORK_1;
import static dev.nanowork.conformance.NanoNodeCases.WORK_1_VALUE;
import static dev.nanowork.conformance.NanoNodeCases.refused;
import static dev.nanowork.conformance.NanoNodeCases.validation;

import dev.nanowork.block.Blocks;
import java.util.ArrayList;
import java.util.List;

/**
 * The order and strings of json_handler.cpp's work_generate, work_validate and work_cancel (nano-node at 9efd849, as
 * {@link NanoNodeCases}) where nano/rpc_test/rpc.cpp has no test for them: which of two bad fields is named first,
 * and how a field nano_node reads loosely is read.
 */
final class HandlerOrderCases {
    static final List<NanoNodeCase> ALL = new ArrayList<>();

    static {
        String h = "\"hash\": \"" + HASH_1 + "\"";
        order(
                "work_generate",
                "version before everything",
                "{\"action\": \"work_generate\", \"version\": \"work_2\"}",
                "Bad work version");
        order(
                "work_generate",
                "account before hash",
                "{\"action\": \"work_generate\", \"account\": \"nano_1\", \"hash\": \"x\"}",
                "Bad account number");
        order(
                "work_generate",
                "account with a wrong checksum",
                "{\"action\": \"work_generate\", " + h + ", \"account\": \"" + Blocks.ACCOUNT.replace("ohr3", "ohr4")
                        + "\"}",
                "Bad account number");
        order("work_generate", "hash missing", "{\"action\": \"work_generate\"}", "Unable to parse JSON");
        order(
                "work_generate",
                "hash before difficulty",
                "{\"action\": \"work_generate\", \"hash\": \"x\", \"difficulty\": \"x\"}",
                "Invalid block hash");
        order(
                "work_generate",
                "difficulty before multiplier",
                "{\"action\": \"work_generate\", " + h + ", \"difficulty\": \"x\", \"multiplier\": \"x\"}",
                "Bad difficulty");
        order(
                "work_generate",
                "the limit before the block",
                "{\"action\": \"work_generate\", " + h + ", \"difficulty\": \"ffffffffffffffff\", \"block\": \"x\"}",
                "Difficulty above config limit or below publish threshold");
        order(
                "work_generate",
                "block not JSON",
                "{\"action\": \"work_generate\", " + h + ", \"block\": \"{\"}",
                "Block is invalid");
        order(
                "work_generate",
                "block an object without json_block",
                "{\"action\": \"work_generate\", \"hash\": \"" + Blocks.PREVIOUS + "\", \"block\": "
                        + Blocks.ALL.get("receive") + "}",
                "Block is invalid");
        order(
                "work_validate",
                "hash missing",
                "{\"action\": \"work_validate\", \"work\": \"1\"}",
                "Unable to parse JSON");
        order(
                "work_validate",
                "work before version",
                "{\"action\": \"work_validate\", " + h + ", \"work\": \"x\", \"version\": \"x\"}",
                "Bad work");
        order(
                "work_validate",
                "version before difficulty",
                "{\"action\": \"work_validate\", " + h
                        + ", \"work\": \"1\", \"version\": \"x\", \"difficulty\": \"x\"}",
                "Bad work version");
        order("work_cancel", "hash missing", "{\"action\": \"work_cancel\"}", "Unable to parse JSON");
        order("work_cancel", "hash bad", "{\"action\": \"work_cancel\", \"hash\": \"x\"}", "Invalid block hash");
        ALL.add(new NanoNodeCase(
                "work_validate",
                "a multiplier without a difficulty: no valid",
                "{\"action\": \"work_validate\", " + h + ", \"work\": \"" + WORK_1 + "\", \"multiplier\": \"1.5\"}",
                validation(null, WORK_1_VALUE),
                null));
        ALL.add(new NanoNodeCase(
                "work_validate",
                "a JSON number read as its text: work 1e5 is 0x1e5",
                "{\"action\": \"work_validate\", " + h + ", \"work\": 1e5}",
                validation(null, "f8b26701d4cf0f8e"),
                null));
    }

    private HandlerOrderCases() {}

    private static void order(String action, String name, String request, String error) {
        ALL.add(new NanoNodeCase(action, name, request, refused(error), null));
    }
}
