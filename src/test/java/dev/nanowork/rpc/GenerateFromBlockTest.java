package dev.nanowork.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.block.BlockDifficulty;
import dev.nanowork.block.Blocks;
import dev.nanowork.search.WorkQueue;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.support.MapRpc;
import dev.nanowork.support.ScalarBackedKernel;
import dev.nanowork.support.Wiring;
import dev.nanowork.work.Difficulty;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * work_generate with a {@code block} and no difficulty searches at the difficulty the block needs: the kernel is
 * asked for that threshold and no other. A receive (a state block opening its account) at receive difficulty, 64
 * times less work than the send difficulty it got before blocks were read; a state block the ledger would have to
 * classify at send difficulty, with the reason in {@code difficulty_reason}.
 */
class GenerateFromBlockTest {
    /** Every threshold a search asked the kernel for. */
    final Set<Long> asked = ConcurrentHashMap.newKeySet();

    final WorkQueue queue = Wiring.queue(
            new WorkSearch(
                    new ScalarBackedKernel("recording-scalar") {
                        @Override
                        protected long search(RootSearch scalar, long start, long count, long threshold) {
                            asked.add(threshold);
                            return scalar.search(start, count, threshold);
                        }
                    },
                    2),
            4);
    final WorkRpc rpc = Wiring.rpc(queue, WorkRpcTest.settings("both"));

    @AfterEach
    void close() {
        queue.close();
        queue.search().close();
    }

    static String generate(String hash, String block) {
        return generate(hash, block, "");
    }

    static String generate(String hash, String block, String moreFields) {
        return "{\"action\":\"work_generate\",\"hash\":\"" + hash + "\",\"json_block\":true,\"block\":" + block
                + moreFields + "}";
    }

    @Test
    void aReceiveBlockWithoutDifficultyIsSearchedAtReceiveDifficulty() {
        // Scalar on 2 threads: receive (2^23 attempts) takes about a second; send (2^29) would take minutes.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        Map<String, String> a =
                MapRpc.of(rpc).handle(generate(Blocks.KEY.toString(), Blocks.ALL.get("state-open")), deadline);
        assertEquals(List.of("hash", "work", "difficulty", "multiplier"), List.copyOf(a.keySet()), a.toString());
        assertTrue(Difficulty.RECEIVE.isReachedBy(Long.parseUnsignedLong(a.get("difficulty"), 16)), a.toString());
        assertEquals(Set.of(Difficulty.RECEIVE.threshold()), asked, "the only threshold searched");
    }

    @Test
    void aStateBlockTheLedgerWouldClassifyIsSearchedAtSendAndSaysWhy() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
        Map<String, String> a =
                MapRpc.of(rpc).handle(generate(Blocks.PREVIOUS.toString(), Blocks.ALL.get("state")), deadline);
        // Scalar needs minutes for send: the deadline answers, naming the difficulty it searched.
        assertEquals(RpcError.DEADLINE, a.get("error"), a.toString());
        assertTrue(a.get("hint").contains(Difficulty.SEND.toString()), a.toString());
        assertEquals(Set.of(Difficulty.SEND.threshold()), asked);
    }

    @Test
    void theReasonComesWithTheWorkOnlyWhereTheLedgerWouldDecide() {
        GenerateTarget state = GenerateTarget.of(
                RpcRequest.parse(generate(Blocks.PREVIOUS.toString(), Blocks.ALL.get("state"))),
                Difficulty.RECEIVE,
                Difficulty.SEND);
        assertEquals(BlockDifficulty.NEEDS_LEDGER, state.reason());
        GenerateTarget open = GenerateTarget.of(
                RpcRequest.parse(generate(Blocks.KEY.toString(), Blocks.ALL.get("state-open"))),
                Difficulty.RECEIVE,
                Difficulty.SEND);
        assertEquals(null, open.reason());
        GenerateTarget chosen = GenerateTarget.of(
                RpcRequest.parse(generate(
                        Blocks.PREVIOUS.toString(), Blocks.ALL.get("state"), ",\"difficulty\":\"fffffe0000000000\"")),
                Difficulty.RECEIVE,
                Difficulty.SEND);
        assertEquals(Difficulty.RECEIVE, chosen.difficulty(), "a difficulty of the request's own wins");
        assertEquals(null, chosen.reason());
        Answer.Generated g = new Answer.Generated("h", "w", "d", "m", state.reason());
        assertEquals(
                List.of("hash", "work", "difficulty", "multiplier", "difficulty_reason"),
                List.copyOf(MapRpc.fields(g).keySet()));
        assertEquals(
                List.of("hash", "work", "difficulty", "multiplier"),
                List.copyOf(MapRpc.fields(new Answer.Generated("h", "w", "d", "m", null))
                        .keySet()));
    }
}
