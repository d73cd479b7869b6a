package dev.nanowork.conformance;

import dev.nanowork.block.Blocks;
import dev.nanowork.work.Difficulty;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * nano_node's own tests of the work RPC, as requests and the answers they must get (docs/endpoint.md lists them).
 *
 * <p>{@link #RPC_TESTS}: every request of every work_generate, work_validate and work_cancel test of
 * nano/rpc_test/rpc.cpp (nano-node at 9efd849, Oct 2024). Those run on nano_node's dev network, whose thresholds
 * are 2^19 times lower (base {@code ffc0000000000000}, epoch 1 {@code fe00000000000000}, receive {@code
 * f000000000000000}); each difficulty here is the live one with the same multiplier against its base (the dev
 * network's 4 x base {@code fff0000000000000} is the live {@code fffffffe00000000}), and each work the test has
 * its node compute is a fixed work computed once with this project's kernels (cross-checked by nanocurrency-js in
 * {@link NanoNodeConformanceTest}). Blocks the tests build on a ledger are fixed blocks (dev.nanowork.block.Blocks).
 *
 * <p>The order and strings of json_handler.cpp where rpc.cpp has no test for them: {@link HandlerOrderCases}.
 */
final class NanoNodeCases {
    /** nano_node's tests use {@code nano::block_hash hash (1)}. */
    static final String HASH_1 = "0000000000000000000000000000000000000000000000000000000000000001";

    /** {@code work_generate_blocking (hash)}: a work for {@link #HASH_1} at the base threshold, and its value. */
    static final String WORK_1 = "29cc49b1007bc831";

    static final String WORK_1_VALUE = "fffffffc3bebd41c";
    /** {@code work_generate_blocking (hash, difficulty4)}: for {@link #HASH_1} at 4 x base. */
    static final String WORK_3 = "6e958bd9c12ab823";

    static final String WORK_3_VALUE = "fffffffea502f337";
    /** Work 0 for {@link #HASH_1}: its value (below every threshold). */
    static final String WORK_0_VALUE = "9f7babf206222889";
    /** The key's open block work of work_generate_block_high and _low: value in [base, 2 x base). */
    static final String KEY_WORK = "140aaae1f17b32b4";

    static final String KEY_WORK_VALUE = "fffffffa634bfdf1";
    /** work_validate_epoch_2's epoch 1 block hash (a fixed root here) and a work in [epoch 1, base) for it. */
    static final String EPOCH_1_HASH = "991CF190094C00F0B68E2E5F75F6BEE95A2E0BD93CEAA4A6734DB9F19B728948";

    static final String EPOCH_1_WORK = "29871fdea88c32b9";
    static final String EPOCH_1_WORK_VALUE = "ffffffd944f5a412";

    static final String BASE = Difficulty.BASE.toString();
    static final String FOUR_X_BASE = "fffffffe00000000";
    static final String CAP = "the difficulty cap: nano-work.max-difficulty is 2 x send (fffffffc00000000), so a search"
            + " fits API Gateway's 30 s (docs/endpoint.md, Why the maximum difficulty is 2 x send); nano_node's"
            + " max_work_generate_multiplier is 64";
    static final String DEADLINE = "the deadline: the suite gives each search 3 s, too short for a send difficulty on"
            + " a loaded build machine; the answer then names the difficulty searched";

    static final String WORK_REQUIRED = "work is required: work_validate without work is Bad work here, where"
            + " nano_node validates work 0 (its test reuses the work_generate request, which has none); with a work,"
            + " the version is checked in nano_node's place (the json_handler case work_validate: version before"
            + " difficulty)";

    static final List<NanoNodeCase> RPC_TESTS = new ArrayList<>();

    static {
        String gen = "{\"action\": \"work_generate\", \"hash\": \"" + HASH_1 + "\"";
        rpc("work_generate", "no difficulty: work at the base", gen + "}", work(HASH_1, BASE, true), DEADLINE);
        rpc("work_generate", "use_peers true", gen + ", \"use_peers\": \"true\"}", work(HASH_1, BASE, true), DEADLINE);
        rpc(
                "work_generate_difficulty",
                "4 x base",
                gen + ", \"difficulty\": \"" + FOUR_X_BASE + "\"}",
                refused("Difficulty above config limit or below publish threshold"),
                CAP);
        rpc(
                "work_generate_difficulty",
                "64 x base",
                gen + ", \"difficulty\": \"ffffffffe0000000\"}",
                refused("Difficulty above config limit or below publish threshold"),
                CAP);
        rpc(
                "work_generate_difficulty",
                "the maximum + 1",
                gen + ", \"difficulty\": \"fffffffc00000001\"}",
                refused("Difficulty above config limit or below publish threshold"),
                null);
        rpc(
                "work_generate_multiplier",
                "multiplier 100 overrides difficulty 1/4 x base",
                gen + ", \"difficulty\": \"ffffffe000000000\", \"multiplier\": 100.0}",
                refused("Difficulty above config limit or below publish threshold"),
                CAP);
        rpc(
                "work_generate_multiplier",
                "multiplier -1.5",
                gen + ", \"difficulty\": \"ffffffe000000000\", \"multiplier\": -1.5}",
                refused("Bad multiplier"),
                null);
        rpc(
                "work_generate_multiplier",
                "the maximum multiplier + 1",
                gen + ", \"difficulty\": \"ffffffe000000000\", \"multiplier\": 3.0}",
                refused("Difficulty above config limit or below publish threshold"),
                null);
        String openBlock = Blocks.state(
                        "0".repeat(64), "000000000000000000000000000000000000000000000000000000000000007B")
                .replace("0000000000000000\"}", KEY_WORK + "\"}");
        rpc(
                "work_generate_block_high",
                "json_block true, the block's work enough",
                "{\"action\": \"work_generate\", \"hash\": \"" + Blocks.KEY
                        + "\", \"json_block\": \"true\", \"block\": " + openBlock + "}",
                refused("Provided work is already enough for given difficulty"),
                null);
        rpc(
                "work_generate_block_low",
                "json_block false, difficulty above the block's work",
                "{\"action\": \"work_generate\", \"hash\": \"" + Blocks.KEY + "\", \"difficulty\": \""
                        + plusOne(KEY_WORK_VALUE) + "\", \"json_block\": \"false\", \"block\": " + quoted(openBlock)
                        + "}",
                work(Blocks.KEY.toString(), plusOne(KEY_WORK_VALUE), true),
                DEADLINE);
        rpc(
                "work_generate_block_root_mismatch",
                "hash 1, the key's open block",
                gen + ", \"json_block\": \"false\", \"block\": " + quoted(openBlock) + "}",
                refused("Root mismatch for block"),
                null);
        String receiveOpen =
                Blocks.state("0".repeat(64), "991CF190094C00F0B68E2E5F75F6BEE95A2E0BD93CEAA4A6734DB9F19B728948");
        rpc(
                "work_generate_block_ledger_epoch_2",
                "an epoch 2 receive opening the account, no difficulty: receive, below epoch 1 within 200 tries",
                "{\"action\": \"work_generate\", \"hash\": \"" + Blocks.KEY
                        + "\", \"json_block\": \"false\", \"block\": " + quoted(receiveOpen) + "}",
                work(Blocks.KEY.toString(), Difficulty.RECEIVE.toString(), false),
                null);
        rpc(
                "work_cancel",
                "while a search runs",
                "{\"action\": \"work_cancel\", \"hash\": \"" + HASH_1 + "\"}",
                fields("success", ""),
                null);
        rpc(
                "DISABLED_work_version_invalid",
                "work_generate",
                gen + ", \"version\": \"work_invalid\"}",
                refused("Bad work version"),
                null);
        rpc(
                "DISABLED_work_version_invalid",
                "work_validate",
                "{\"action\": \"work_validate\", \"hash\": \"" + HASH_1 + "\", \"version\": \"work_invalid\"}",
                refused("Bad work"),
                WORK_REQUIRED);
        String val = "{\"action\": \"work_validate\", \"hash\": \"" + HASH_1 + "\", \"work\": ";
        rpc("work_validate", "work1, no difficulty", val + "\"" + WORK_1 + "\"}", validation(null, WORK_1_VALUE), null);
        rpc("work_validate", "work 0", val + "\"0000000000000000\"}", validation(null, WORK_0_VALUE), null);
        rpc(
                "work_validate",
                "work1 at its own difficulty",
                val + "\"" + WORK_1 + "\", \"difficulty\": \"" + WORK_1_VALUE + "\"}",
                validation("1", WORK_1_VALUE),
                null);
        rpc(
                "work_validate",
                "work1 at 4 x base",
                val + "\"" + WORK_1 + "\", \"difficulty\": \"" + FOUR_X_BASE + "\"}",
                validation(reaches(WORK_1_VALUE, FOUR_X_BASE), WORK_1_VALUE),
                null);
        rpc(
                "work_validate",
                "work3 at 4 x base",
                val + "\"" + WORK_3 + "\", \"difficulty\": \"" + FOUR_X_BASE + "\"}",
                validation("1", WORK_3_VALUE),
                null);
        rpc(
                "work_validate_epoch_2",
                "a work in [epoch 1, base) for the epoch 1 block (before and after the epoch 2 upgrade: one request)",
                "{\"action\": \"work_validate\", \"hash\": \"" + EPOCH_1_HASH + "\", \"work\": \"" + EPOCH_1_WORK
                        + "\"}",
                validation(null, EPOCH_1_WORK_VALUE),
                null);
    }

    private NanoNodeCases() {}

    private static void rpc(String test, String name, String request, Expect expect, String difference) {
        RPC_TESTS.add(new NanoNodeCase(test, name, request, expect, difference));
    }

    static Expect refused(String error) {
        return new Expect.Refused(error);
    }

    static Expect work(String hash, String threshold, boolean orDeadline) {
        return new Expect.Work(hash, Long.parseUnsignedLong(threshold, 16), orDeadline);
    }

    static Expect fields(String... keysAndValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) m.put(keysAndValues[i], keysAndValues[i + 1]);
        return new Expect.Fields(m);
    }

    /** work_validate's answer for a work of {@code value}, with {@code valid} when not null. */
    static Expect validation(String valid, String value) {
        long v = Long.parseUnsignedLong(value, 16);
        List<String> f = new ArrayList<>();
        if (valid != null) f.addAll(List.of("valid", valid));
        f.addAll(List.of(
                "valid_all", reaches(value, BASE),
                "valid_receive", reaches(value, Difficulty.RECEIVE.toString()),
                "difficulty", value,
                "multiplier", Difficulty.formatMultiplier(Difficulty.toMultiplier(v, Difficulty.BASE.threshold()))));
        return fields(f.toArray(String[]::new));
    }

    static String reaches(String value, String threshold) {
        return Long.compareUnsigned(Long.parseUnsignedLong(value, 16), Long.parseUnsignedLong(threshold, 16)) >= 0
                ? "1"
                : "0";
    }

    static String plusOne(String hex) {
        return new Difficulty(Long.parseUnsignedLong(hex, 16) + 1).toString();
    }

    /** A block as the JSON string nano_node's tests send with json_block false. */
    static String quoted(String json) {
        return "\"" + json.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
