package dev.nanowork.search;

import dev.nanowork.kernel.ScalarKernel;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.work.Root;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The scalar kernel looking at the first {@link #LOOKED_AT} nonces of each batch only (a stop is seen within a tenth
 * of a millisecond, and a search at a low difficulty ends at once), counting each root's batches begun and done, and
 * the batches of a {@link #watch}ed root begun while another root's search had done one: what the precache's tests
 * read to tell which search had the threads.
 */
class RecordingKernel implements WorkKernel {
    static final long LOOKED_AT = 1024;

    private final ScalarKernel scalar = new ScalarKernel();
    private final Map<Root, AtomicLong> begun = new ConcurrentHashMap<>();
    private final Map<Root, AtomicLong> done = new ConcurrentHashMap<>();
    private final AtomicLong overlaps = new AtomicLong();
    private volatile Root background;
    private volatile Root interactive;

    /** From now on, count the batches of {@code background} begun while {@code interactive} has done one. */
    void watch(Root background, Root interactive) {
        this.background = background;
        this.interactive = interactive;
    }

    /** Stops counting overlaps (the interactive search is over). */
    void unwatch() {
        this.interactive = null;
    }

    long begun(Root root) {
        return begun.computeIfAbsent(root, r -> new AtomicLong()).get();
    }

    long overlaps() {
        return overlaps.get();
    }

    /** A kernel whose every search fails, as a broken one would. */
    static final class Failing extends RecordingKernel {
        @Override
        public RootSearch forRoot(Root root) {
            throw new IllegalStateException("planted kernel failure");
        }
    }

    @Override
    public String name() {
        return "recording-scalar";
    }

    @Override
    public int lanes() {
        return 1;
    }

    @Override
    public int states() {
        return 1;
    }

    @Override
    public RootSearch forRoot(Root root) {
        RootSearch inner = scalar.forRoot(root);
        return new RootSearch() {
            @Override
            public long search(long start, long count, long threshold) {
                Root other = interactive;
                if (root.equals(background)
                        && other != null
                        && done.getOrDefault(other, new AtomicLong()).get() > 0) overlaps.incrementAndGet();
                begun.computeIfAbsent(root, r -> new AtomicLong()).incrementAndGet();
                long hit = inner.search(start, Math.min(count, LOOKED_AT), threshold);
                done.computeIfAbsent(root, r -> new AtomicLong()).incrementAndGet();
                return hit;
            }

            @Override
            public void values(long start, long[] out) {
                inner.values(start, out);
            }
        };
    }
}
