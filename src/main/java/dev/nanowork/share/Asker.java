package dev.nanowork.share;

import dev.nanowork.work.Difficulty;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One client waiting for a shared search, with the difficulty it asked for: each asker is answered by the first work
 * that reaches its own difficulty, whatever the others asked. In the record it is one string, {@code "<16 hex
 * difficulty> <address>"} (lowercase hex first, so that a sorted set lists the askers from the easiest).
 *
 * @param address the client's address as the edge vouches for it ({@code search.Caller#address}): what {@code
 *     work_cancel} withdraws
 */
public record Asker(String address, Difficulty difficulty) {
    private static final Pattern ENTRY = Pattern.compile("([0-9a-f]{16}) (\\S.*)");

    public Asker {
        if (address.isBlank() || !address.strip().equals(address))
            throw new IllegalArgumentException("an asker's address is a non-blank word, was '" + address + "'");
    }

    /** The record's string for this asker. */
    public String entry() {
        return difficulty + " " + address;
    }

    /** The asker of a record's string; empty when it is not one this code writes. */
    static Optional<Asker> of(String entry) {
        var m = ENTRY.matcher(entry);
        if (!m.matches() || !m.group(2).strip().equals(m.group(2))) return Optional.empty();
        return Optional.of(new Asker(m.group(2), new Difficulty(Long.parseUnsignedLong(m.group(1), 16))));
    }
}
