package dev.nanowork.load;

import static dev.nanowork.load.Requests.JSON;
import static dev.nanowork.load.Requests.LIMITED;
import static dev.nanowork.load.Requests.sleep;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One of {@link StrangersTest}'s strangers (the flooder, the benchmark abuser): on each of its connections it sends
 * again as soon as it is answered, refused or not, and counts what it sent and what was refused for its rate.
 */
final class Stranger {
    /** A stranger's loop: {@code send} again as soon as it is answered (refused or not), until {@code stop}. */
    interface Send {
        /** The answer's body. */
        String send() throws Exception;
    }

    final AtomicLong sent = new AtomicLong();
    /** Answered Too many requests: refused for the client's rate. */
    final AtomicLong limited = new AtomicLong();

    /** Counts in {@code limited} the answers that are {@code Too many requests} (the client's request rate). */
    void again(AtomicBoolean stop, Send send) {
        while (!stop.get()) {
            try {
                sent.incrementAndGet();
                if (LIMITED.equals(JSON.readTree(send.send()).path("error").asText())) limited.incrementAndGet();
            } catch (Exception e) {
                if (stop.get()) return; // its client shut down
                sleep(20);
            }
        }
    }
}
