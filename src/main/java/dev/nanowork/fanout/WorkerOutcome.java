package dev.nanowork.fanout;

import dev.nanowork.work.Work;
import java.util.Optional;

/**
 * What a worker execution answered: the work it found and recorded, or why it stopped without one. On the wire:
 * {@code {"outcome":"found","work":"<16 hex>"}}, or {@code {"outcome":"stopped"}} (the record was found, cancelled or
 * taken over), or {@code {"outcome":"deadline"}}.
 */
public record WorkerOutcome(Kind kind, Optional<Work> work) {
    public enum Kind {
        FOUND,
        STOPPED,
        DEADLINE
    }
}
