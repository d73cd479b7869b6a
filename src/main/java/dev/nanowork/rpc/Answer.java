package dev.nanowork.rpc;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.nanowork.work.Difficulty;

/**
 * What the RPC answers, one record per kind, written by Jackson as nano_node writes its answers: a flat
 * object, fields in the order of the record's components, names in snake case, every value a string.
 *
 * <p>{@code DEDUCTION} writes no type field; it only makes Jackson serialise each answer by its own
 * record when the declared type is this interface (Funqy's writer is made for the function's return
 * type, and an interface alone has no properties).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.DEDUCTION)
public sealed interface Answer {
    /** A refusal: nano_node's {@code error} string and, when there is one, a {@code hint} saying what to change. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Refusal(String error, String hint) implements Answer {}

    /** {@code work_validate}: {@code valid} only when the request named a difficulty or multiplier. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Validation(String valid, String validAll, String validReceive, String difficulty, String multiplier)
            implements Answer {}

    /**
     * {@code work_generate}: the work found for {@code hash}. {@code difficulty_reason}, a field nano_node does not
     * send, comes only when the difficulty searched was taken from a {@code block} the ledger would have to
     * classify, and says why it is the send difficulty (dev.nanowork.block.BlockDifficulty).
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Generated(String hash, String work, String difficulty, String multiplier, String difficultyReason)
            implements Answer {}

    /**
     * {@code work_precache} (our extension): the root whose work is precached, and where it stands: {@code started},
     * {@code searching} or {@code ready} (dev.nanowork.search.Precache.State).
     */
    record Precached(String hash, String precache) implements Answer {}

    /** {@code work_cancel}: always {@code {"success": ""}}, as nano_node. */
    record Success(String success) implements Answer {
        public static final Success EMPTY = new Success("");
    }

    /** {@code status} for a caller that is not the operator: only what a wallet needs to use the endpoint. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record StatusBrief(String serves, String minDifficulty, String maxDifficulty) implements Answer {}

    /**
     * The status action: what runs on which CPU, what is served, and the queue now; {@code generating} and {@code
     * queue_size} are nano-work-server's names for {@code searching} and {@code queued}. {@code primed_mhs} is the
     * rate priming got the kernel to at start-up (or before the SnapStart snapshot), {@code raced_mhs} its compiled
     * rate in {@code auto}'s race ({@code none} for a configured kernel), {@code primed_full_speed} whether priming
     * ended steady within 10% of it.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Status(
            String version,
            String kernel,
            String lanes,
            String states,
            String threads,
            String c2,
            String primedMhs,
            String racedMhs,
            String primedFullSpeed,
            String serves,
            String minDifficulty,
            String maxDifficulty,
            String searching,
            String queued,
            String requestsServed,
            String cpuModel,
            String cpuFeatures,
            String useAvx,
            String maxVectorSize,
            String preferredVectorBits,
            String generating,
            String queueSize)
            implements Answer {}

    /** {@code benchmark}: the rate measured, and the machine and JVM it was measured on. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Benchmark(
            String kernel,
            String lanes,
            String states,
            String threads,
            String seconds,
            String attempts,
            String mhs,
            String cpuModel,
            String cpuFlags,
            String availableProcessors,
            String jvm,
            String jitFlags,
            String cpuFeatures,
            String useAvx,
            String maxVectorSize,
            String preferredVectorBits,
            @JsonUnwrapped Works works)
            implements Answer {}

    /**
     * nano-work-server's benchmark answer, in a {@code count} benchmark: the difficulty, the works found, their
     * total and average time in milliseconds.
     */
    record Works(String difficulty, String multiplier, String count, String duration, String average) {}

    /** nano_node's boolean: {@code "1"} or {@code "0"}. */
    static String bit(boolean b) {
        return b ? "1" : "0";
    }

    /** {@code difficulty} of a work value, as nano_node writes it. */
    static String difficulty(long value) {
        return new Difficulty(value).toString();
    }

    /** {@code multiplier} of a work value against the send threshold, as nano_node writes it. */
    static String multiplier(long value) {
        return Difficulty.formatMultiplier(new Difficulty(value).multiplier());
    }
}
