package dev.nanowork.kernel.bench;

import dev.nanowork.kernel.KernelChoice;
import dev.nanowork.kernel.KernelSelector;
import dev.nanowork.kernel.KernelWarmup;
import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.work.Root;
import java.util.concurrent.TimeUnit;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH view of the kernels: nonces per microsecond (= MH/s) of one {@code search} call of 2^14 nonces that
 * finds nothing, beside Bouncy Castle's {@code Blake2bDigest} on the same input. Run with
 * {@code infra/bench.sh --jmh} (or {@code java -cp ... org.openjdk.jmh.Main KernelBenchmark}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 3, jvmArgsAppend = "--add-modules=jdk.incubator.vector")
public class KernelBenchmark {
    private static final int NONCES = 1 << 14;

    @Param({
        "vector512x2",
        "vector512x1",
        "vector256x2",
        "vector256x2perm",
        "vector256x1",
        "vector256x2nz",
        "vector256x1nz",
        "vector128x1shuf",
        "vector128x2",
        "vector128x1",
        "scalarx2",
        "scalar"
    })
    public String kernel;

    private WorkKernel.RootSearch search;
    private long nonce;
    private final Blake2bDigest digest = new Blake2bDigest(null, 8, null, null);
    private final byte[] root = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2")
            .bytes();
    private final byte[] work = new byte[8];
    private final byte[] out = new byte[8];

    @Setup(Level.Trial)
    public void setUp() {
        WorkKernel k = KernelSelector.select(KernelChoice.parse(kernel)).kernel();
        KernelWarmup.prime(k);
        search = k.forRoot(Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2"));
    }

    @Benchmark
    @OperationsPerInvocation(NONCES)
    public long kernelSearch() {
        long hit = search.search(nonce, NONCES, -1L);
        nonce += NONCES;
        return hit;
    }

    @Benchmark
    public byte bouncyCastle() {
        long n = nonce++;
        for (int b = 0; b < 8; b++) work[b] = (byte) (n >>> (8 * b));
        digest.update(work, 0, 8);
        digest.update(root, 0, 32);
        digest.doFinal(out, 0);
        return out[0];
    }
}
