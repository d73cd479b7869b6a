package dev.nanowork.kernel;

import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;

/** One nonce at a time, in plain Java: the fallback that runs on every JVM. */
public final class ScalarKernel implements WorkKernel {
    @Override
    public String name() {
        return "scalar";
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
        return new RootSearch() {
            @Override
            public long search(long start, long count, long threshold) {
                for (long i = 0; i < count; i++) {
                    if (Long.compareUnsigned(WorkValue.value(root, start + i), threshold) >= 0) return i;
                }
                return NOT_FOUND;
            }

            @Override
            public void values(long start, long[] out) {
                for (int i = 0; i < out.length; i++) out[i] = WorkValue.value(root, start + i);
            }
        };
    }
}
