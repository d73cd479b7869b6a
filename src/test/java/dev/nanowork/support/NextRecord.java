package dev.nanowork.support;

import dev.nanowork.share.Asker;
import dev.nanowork.share.WorkRecord;
import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Work;
import java.util.Optional;
import java.util.Set;

/** {@link MemoryWorkRecords}: the record after a write: {@code old} with what the write changed, one revision later. */
final class NextRecord {
    private final WorkRecord old;
    private WorkRecord.State state;
    private Difficulty difficulty;
    private Optional<Work> work;
    private Set<Asker> askers;
    private int workers;
    private long lease;
    private long expires;

    NextRecord(WorkRecord old) {
        this.old = old;
        this.state = old.state();
        this.difficulty = old.difficulty();
        this.work = old.work();
        this.askers = old.askers();
        this.workers = old.workers();
        this.lease = old.leaseUntilMillis();
        this.expires = old.expiresAtSeconds();
    }

    NextRecord state(WorkRecord.State s) {
        state = s;
        return this;
    }

    NextRecord difficulty(Difficulty d) {
        difficulty = d;
        return this;
    }

    NextRecord work(Work w) {
        work = Optional.of(w);
        return this;
    }

    NextRecord askers(Set<Asker> a) {
        askers = a;
        return this;
    }

    NextRecord workers(int n) {
        workers = n;
        return this;
    }

    NextRecord lease(long millis) {
        lease = millis;
        return this;
    }

    NextRecord expires(long seconds) {
        expires = seconds;
        return this;
    }

    WorkRecord done() {
        return new WorkRecord(
                old.root(),
                state,
                difficulty,
                old.searchId(),
                work,
                askers,
                workers,
                old.revision() + 1,
                lease,
                expires);
    }
}
