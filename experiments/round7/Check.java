import dev.nanowork.kernel.WorkKernel;
import dev.nanowork.work.Root;
import dev.nanowork.work.WorkValue;

/** Scratch: a tried kernel's values against the reference for 4096 nonces around 2^64 - 2048. */
public class Check {
    public static void main(String[] a) throws Exception {
        Root root = Root.parse("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2");
        for (String c : a) {
            WorkKernel k = (WorkKernel) Class.forName(c).getConstructor().newInstance();
            long[] out = new long[4096];
            int bad = 0;
            for (long start : new long[] {0, -2048L, 0x123456789L}) {
                k.forRoot(root).values(start, out);
                for (int i = 0; i < out.length; i++) if (out[i] != WorkValue.value(root, start + i)) bad++;
            }
            System.out.println(c + " mismatches " + bad);
        }
    }
}
