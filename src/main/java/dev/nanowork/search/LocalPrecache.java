package dev.nanowork.search;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The self-hosted precache: one search at a time in the background of this process's threads (a {@code work_generate},
 * a benchmark, any interactive search takes them at once, and a precache gives way within a batch, then searches again
 * once they have been free a moment: {@link WorkSearch#searchInBackground}), the others waiting first come, first
 * served; what they find is held ({@link HeldWorks}) until a {@code work_generate} takes it or it ages out. The bounds
 * ({@link PrecacheSettings}): searching and waiting precaches in all and per client, refused past them; the works
 * held, the oldest dropped past them.
 *
 * <p>As nano_node's wallet does for its accounts' work cache: the work is for the account's frontier, at the base
 * difficulty unless asked otherwise, and a block made with another work simply leaves it unused. A {@code
 * work_generate} for a root is the block being made: a precache still searching that root is then dropped, and the
 * request searches as usual.
 */
public final class LocalPrecache implements Precache, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(LocalPrecache.class.getName());

    private final WorkSearch search;
    private final PrecacheSettings settings;
    private final HeldWorks held;
    private final Object lock = new Object();
    /** Waiting to search, first come first served; one that gave way goes back first. */
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>();

    private Pending running;
    private boolean closed;
    private final Thread runner;

    /** One precache searching or waiting to: raised by a later precache of its root at a higher difficulty. */
    private static final class Pending {
        final Root root;
        final String client;
        /** Raised when the precache is dropped (a work_generate took over its root) or the store closes. */
        final CancelSignal dropped = new CancelSignal();
        /** Its time to live: a search still short of a work then is over. */
        final long deadlineNanos;

        Difficulty difficulty;

        Pending(Root root, Difficulty difficulty, String client, long deadlineNanos) {
            this.root = root;
            this.difficulty = difficulty;
            this.client = client;
            this.deadlineNanos = deadlineNanos;
        }
    }

    public LocalPrecache(WorkSearch search, PrecacheSettings settings, Clock clock) {
        this.search = search;
        this.settings = settings;
        this.held = new HeldWorks(settings.maxHeld(), settings.ttl(), clock);
        this.runner = Thread.ofPlatform().name("work-precache").daemon().start(this::run);
    }

    @Override
    public State precache(Root root, Difficulty difficulty, Caller caller) {
        synchronized (lock) {
            if (closed) throw new PrecacheRefusal("this server is stopping; your work_generate will search as usual");
            if (held.holds(root, difficulty)) return State.READY;
            Pending same = pending(root);
            if (same != null) {
                if (same.difficulty.compareTo(difficulty) < 0) same.difficulty = difficulty;
                return State.SEARCHING;
            }
            refuseIfFull(caller);
            waiting.add(new Pending(
                    root,
                    difficulty,
                    caller.client(),
                    System.nanoTime() + settings.ttl().toNanos()));
            lock.notifyAll();
            return State.STARTED;
        }
    }

    @Override
    public Optional<SearchResult.Found> ready(Root root, Difficulty difficulty) {
        synchronized (lock) {
            Optional<SearchResult.Found> found = held.take(root, difficulty);
            if (found.isEmpty()) drop(root);
            return found;
        }
    }

    /** Precaches searching or waiting to. */
    public int searches() {
        synchronized (lock) {
            return waiting.size() + (running == null ? 0 : 1);
        }
    }

    /** Works held, found and not yet used. */
    public int held() {
        synchronized (lock) {
            return held.size();
        }
    }

    /** Called with the lock held: refuses a precache past the bounds, saying which and what it costs the wallet. */
    private void refuseIfFull(Caller caller) {
        List<Pending> all = all();
        if (all.size() >= settings.maxSearches()) {
            throw new PrecacheRefusal(settings.maxSearches() + " precaches already search or wait on this server;"
                    + " your work_generate will search as usual (precache again later, or not at all)");
        }
        if (!caller.limited()) return;
        long mine = all.stream().filter(p -> p.client.equals(caller.client())).count();
        if (mine >= settings.searchesPerClient()) {
            throw new PrecacheRefusal("this client already has " + settings.searchesPerClient()
                    + " precaches searching or waiting; your work_generate will search as usual");
        }
    }

    /** Called with the lock held: the running precache first, then the waiting ones. */
    private List<Pending> all() {
        List<Pending> all = new ArrayList<>(waiting.size() + 1);
        if (running != null) all.add(running);
        all.addAll(waiting);
        return all;
    }

    /** Called with the lock held: the precache searching or waiting for {@code root}, if any. */
    private Pending pending(Root root) {
        for (Pending p : all()) if (p.root.equals(root)) return p;
        return null;
    }

    /** Called with the lock held: a work_generate for {@code root} searches itself; its precache is over. */
    private void drop(Root root) {
        Pending p = pending(root);
        if (p == null) return;
        p.dropped.cancel();
        waiting.remove(p);
    }

    private void run() {
        while (true) {
            Pending p;
            Difficulty difficulty;
            synchronized (lock) {
                while (waiting.isEmpty() && !closed) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        closed = true;
                    }
                }
                if (closed) return;
                p = waiting.poll();
                running = p;
                difficulty = p.difficulty;
            }
            SearchResult result;
            try {
                result = search.searchInBackground(p.root, difficulty, p.deadlineNanos, p.dropped);
            } catch (InterruptedException e) {
                return; // closed while it waited for its turn
            } catch (RuntimeException e) {
                result = new SearchResult.Failed(e, 0, 0); // the runner lives on for the next precache
            }
            synchronized (lock) {
                running = null;
                ended(p, result);
            }
        }
    }

    /** Called with the lock held: holds what {@code p}'s search found, or puts it back when it only gave way. */
    private void ended(Pending p, SearchResult result) {
        if (p.dropped.isCancelled() || closed) return;
        switch (result) {
            case SearchResult.Found f -> {
                held.put(p.root, f.work(), f.value());
                if (!p.difficulty.isReachedBy(f.value())) waiting.addFirst(p); // raised while it searched
            }
            case SearchResult.Cancelled c -> waiting.addFirst(p); // gave way to an interactive search
            case SearchResult.DeadlineReached d -> {} // aged out before it was found
            case SearchResult.Failed f -> LOG.log(Level.WARNING, "precache search failed for " + p.root, f.cause());
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            if (running != null) running.dropped.cancel();
            lock.notifyAll();
        }
        runner.interrupt();
    }
}
