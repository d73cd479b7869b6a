import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;
import java.util.HexFormat;
import java.util.SplittableRandom;

/** Ad-hoc check (round 4): a --try kernel's work values against WorkValue, random roots and nonces. */
public final class Check {
    public static void main(String[] args) throws Exception {
        SplittableRandom rnd = new SplittableRandom(4);
        for (String cls : args) {
            WorkKernel kernel = (WorkKernel) Class.forName(cls).getConstructor().newInstance();
            double primed = dev.nanowork.kernel.KernelWarmup.prime(kernel); // C2's code checked, not the interpreter's
            long checked = 0;
            for (int r = 0; r < 40; r++) {
                byte[] b = new byte[32];
                rnd.nextBytes(b);
                Root root = Root.parse(HexFormat.of().withUpperCase().formatHex(b));
                WorkKernel.RootSearch s = kernel.forRoot(root);
                for (int block = 0; block < 4; block++) {
                    long start = r == 0 && block == 0 ? -5 : rnd.nextLong();
                    long[] out = new long[32];
                    s.values(start, out);
                    for (int i = 0; i < out.length; i++) {
                        long want = WorkValue.value(root, start + i);
                        if (out[i] != want) throw new AssertionError(cls + " root " + r + " nonce " + (start + i));
                        checked++;
                    }
                }
            }
            System.out.println(cls + ": " + checked + " nonces match WorkValue (after prime, " + primed + " MH/s)");
        }
    }
}
