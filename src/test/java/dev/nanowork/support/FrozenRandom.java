package dev.nanowork.support;

import dev.nanowork.search.CancelSignal;
import dev.nanowork.search.SearchResult;
import dev.nanowork.search.WorkSearch;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;

/**
 * A generator's state as a SnapStart snapshot freezes it: {@link #copy()} gives what every instance restored from
 * the snapshot holds, the same sequence in each until something reseeds it. SHA1PRNG seeded before its first use
 * is deterministic (unlike the default NativePRNG, which also mixes in {@code /dev/urandom}), so the copies are
 * equal by construction and a test can see a reseed by its effect on the numbers drawn.
 */
public final class FrozenRandom {
    private final byte[] state;

    public FrozenRandom(String seed) {
        try {
            SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
            random.setSeed(seed.getBytes(StandardCharsets.UTF_8));
            random.nextLong(); // the state a running process had reached when the snapshot was taken
            var bytes = new ByteArrayOutputStream();
            try (var out = new ObjectOutputStream(bytes)) {
                out.writeObject(random);
            }
            state = bytes.toByteArray();
        } catch (NoSuchAlgorithmException | IOException e) {
            throw new IllegalStateException("SHA1PRNG is part of every JDK", e);
        }
    }

    /** One restored instance's generator. */
    public SecureRandom copy() {
        try (var in = new ObjectInputStream(new ByteArrayInputStream(state))) {
            return (SecureRandom) in.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The nonce {@code search} (on one thread) draws for its next search: at threshold 0 every value reaches the
     * difficulty, so the first nonce tried is the answer.
     */
    public static long nextStart(WorkSearch search) {
        if (search.threads() != 1) throw new IllegalArgumentException("one thread: its first nonce is the start");
        SearchResult result = search.search(
                Root.of(new byte[32]),
                new Difficulty(0),
                System.nanoTime() + TimeUnit.SECONDS.toNanos(30),
                new CancelSignal());
        if (result instanceof SearchResult.Found found) return found.work().value();
        throw new AssertionError("a search at threshold 0 ended without work: " + result);
    }
}
