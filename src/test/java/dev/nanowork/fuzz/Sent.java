package dev.nanowork.fuzz;

import java.util.List;
import java.util.Map;

/**
 * A value put in one field of a generated request, and what the endpoint must make of it there, decided by the
 * generator when it made the value (it knows it wrote 17 digits, a sign, a 64-digit root): {@code good} with
 * the {@code meaning} the field then has (a root's bytes, a u64, a threshold, an action), or refused with the
 * field's error. A {@code null} JSON value is an absent field, as nano_node's {@code get_optional} sees it.
 * Whether a value is over the request limits is read from its shape ({@link #overLimit}), whatever the field.
 */
record Sent(Object json, boolean good, Object meaning) {
    /** RequestLimits: a field's value sits one level down, so 16 levels of its own make 17. */
    static final int DEEPEST_WITHIN = 15;

    static final int LONGEST_WITHIN = 4096;

    static Sent good(Object json, Object meaning) {
        return new Sent(json, true, meaning);
    }

    static Sent bad(Object json) {
        return new Sent(json, false, null);
    }

    static Sent absent() {
        return new Sent(null, false, null);
    }

    boolean isAbsent() {
        return json == null;
    }

    /** Present and refused by its field. */
    boolean refused() {
        return json != null && !good;
    }

    /** Over a request limit as a field's value: deeper than {@link #DEEPEST_WITHIN} or a string over 4096. */
    boolean overLimit() {
        return depth(json) > DEEPEST_WITHIN || longest(json) > LONGEST_WITHIN;
    }

    /** Levels of arrays and objects in {@code json}, 0 for a scalar. */
    static int depth(Object json) {
        int inner = 0;
        if (json instanceof Map<?, ?> m) for (Object v : m.values()) inner = Math.max(inner, depth(v));
        else if (json instanceof List<?> l) for (Object v : l) inner = Math.max(inner, depth(v));
        else return 0;
        return 1 + inner;
    }

    /** The longest string value in {@code json} (the generators' names are all under the 256 of a name). */
    static int longest(Object json) {
        int n = json instanceof String s ? s.length() : 0;
        if (json instanceof Map<?, ?> m) for (Object v : m.values()) n = Math.max(n, longest(v));
        else if (json instanceof List<?> l) for (Object v : l) n = Math.max(n, longest(v));
        return n;
    }
}
