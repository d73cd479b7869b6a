package dev.nanowork.share;

import dev.nanowork.support.Dynalite;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import dev.nanowork.work.WorkValue;
import java.util.Arrays;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/** Records, roots and works for the tests of {@link DynamoWorkRecords}; each test takes roots of its own. */
final class RecordCases {
    /** Reached by every work, so that any work can be recorded as found. */
    static final Difficulty ANY = new Difficulty(0);

    static final Difficulty LOW = new Difficulty(0x1000000000000000L);
    static final Difficulty HIGH = new Difficulty(0xf000000000000000L);

    private static final Random RANDOM = new Random();

    private RecordCases() {}

    static Root root() {
        byte[] bytes = new byte[32];
        synchronized (RANDOM) {
            RANDOM.nextBytes(bytes);
        }
        return Root.of(bytes);
    }

    static String search() {
        return UUID.randomUUID().toString();
    }

    static long now() {
        return System.currentTimeMillis();
    }

    /** An hour from now, in epoch seconds: the record-ttl's default. */
    static long inAnHour() {
        return now() / 1000 + 3600;
    }

    static WorkRecord searching(Root root, Difficulty difficulty, long leaseUntilMillis, String... askers) {
        return searching(root, search(), difficulty, leaseUntilMillis, inAnHour(), askers);
    }

    static WorkRecord searching(
            Root root, String search, Difficulty difficulty, long leaseUntilMillis, long expires, String... askers) {
        return WorkRecord.claimed(root, search, askers(difficulty, askers), 0, leaseUntilMillis, expires);
    }

    /** {@code addresses}, each asking for {@code difficulty}. */
    static Set<Asker> askers(Difficulty difficulty, String... addresses) {
        return Arrays.stream(addresses).map(a -> new Asker(a, difficulty)).collect(Collectors.toSet());
    }

    /** The first work from {@code start} whose value for {@code root} reaches {@code difficulty}. */
    static Work workReaching(Root root, Difficulty difficulty, long start) {
        for (long w = start; ; w++) {
            if (difficulty.isReachedBy(WorkValue.value(root, w))) return new Work(w);
        }
    }

    static DynamoWorkRecords records(Dynalite dynalite, String table) {
        return new DynamoWorkRecords(dynalite.client(), table);
    }

    /** A work for {@code root} that reaches LOW and not HIGH. */
    static Work lowOnly(Root root) {
        Work low = workReaching(root, LOW, 0);
        while (HIGH.isReachedBy(WorkValue.value(root, low))) low = workReaching(root, LOW, low.value() + 1);
        return low;
    }

    /** A work whose value for {@code root} is below {@code value}. */
    static Work workBelow(Root root, long value) {
        for (long w = 0; ; w++) {
            if (Long.compareUnsigned(WorkValue.value(root, w), value) < 0) return new Work(w);
        }
    }
}
