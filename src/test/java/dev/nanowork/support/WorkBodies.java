package dev.nanowork.support;

import dev.nanowork.work.Root;
import java.util.SplittableRandom;

/** What the tests that drive many searches send: a fresh root from a seeded random, a work_generate body for it. */
public final class WorkBodies {
    private WorkBodies() {}

    /** 32 bytes from random: a root no other request of the test asks for, the same on every run of one seed. */
    public static Root randomRoot(SplittableRandom random) {
        byte[] b = new byte[32];
        random.nextBytes(b);
        return Root.of(b);
    }

    /** A work_generate body for root at difficulty (16 hex digits). */
    public static String generate(Root root, String difficulty) {
        return "{\"action\":\"work_generate\",\"hash\":\"" + root + "\",\"difficulty\":\"" + difficulty + "\"}";
    }
}
