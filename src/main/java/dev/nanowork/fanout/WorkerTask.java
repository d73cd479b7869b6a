package dev.nanowork.fanout;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;

/**
 * What the generate function asks of one worker execution: search {@code root} for {@code difficulty} from nonce
 * {@code start} until {@code searchId}'s record stops being searching, or until {@code deadlineEpochMillis}.
 *
 * <p>On the wire (the Lambda invoke payload), a JSON object with exactly these members:
 *
 * <pre>{"root":"&lt;64 hex&gt;","difficulty":"&lt;16 hex&gt;","search":"&lt;id&gt;","start":"&lt;16 hex&gt;","deadline":&lt;epoch ms&gt;}</pre>
 */
public record WorkerTask(Root root, Difficulty difficulty, String searchId, long start, long deadlineEpochMillis) {}
