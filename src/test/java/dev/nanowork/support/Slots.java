package dev.nanowork.support;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A function's reserved concurrency as {@link LambdaInvokeStandIn} holds it ("Configuring reserved concurrency for a
 * function", docs.aws.amazon.com/lambda/latest/dg/configuration-concurrency.html: no more environments than reserved,
 * synchronous and asynchronous invocations alike): an invocation runs only in a slot taken, and the most ever taken at
 * once is kept, for a test to check the bound held.
 */
final class Slots {
    private final Semaphore free;
    private final AtomicInteger taken = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();

    Slots(int reserved) {
        free = new Semaphore(reserved);
    }

    /** Takes a slot if one is free. */
    boolean tryTake() {
        if (!free.tryAcquire()) return false;
        mostAtOnce.accumulateAndGet(taken.incrementAndGet(), Math::max);
        return true;
    }

    void give() {
        taken.decrementAndGet();
        free.release();
    }

    int mostAtOnce() {
        return mostAtOnce.get();
    }
}
