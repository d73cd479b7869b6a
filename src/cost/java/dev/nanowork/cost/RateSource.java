package dev.nanowork.cost;

import java.util.Arrays;

/** Where a hash rate came from; anything but a measurement or a user's figure makes every result resting on it "modelled". */
public enum RateSource {
    MEASURED_DEPLOYED("measured-deployed"),
    USER("user"),
    MEASURED_LOCAL("measured-local"),
    MODELLED("modelled");

    private final String wireName;

    RateSource(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** True for a figure someone measured or stated, false for one this model or its inputs derived. */
    public boolean measured() {
        return this != MODELLED;
    }

    static RateSource fromWire(String name) {
        return Arrays.stream(values())
                .filter(s -> s.wireName.equals(name))
                .findFirst()
                .orElse(null);
    }
}
