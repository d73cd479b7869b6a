package dev.nanowork.access;

/**
 * Where one of the endpoint's secrets comes from: nowhere (none), the configuration (a self-hosted server, tests), or a
 * parameter of the store ({@link StoredKeys}: read, held and re-read, so that a rotation needs no deploy).
 */
public sealed interface KeySource permits KeySource.Fixed, KeySource.Stored {
    /** No secret. */
    KeySource NONE = new Fixed(SharedSecret.NONE);

    /** Whether a secret is configured (known without reading it). */
    boolean configured();

    /** A secret given in the configuration, or none. */
    static KeySource fixed(SharedSecret secret) {
        return new Fixed(secret);
    }

    /** A secret given in the configuration: it never changes while the process runs. */
    record Fixed(SharedSecret secret) implements KeySource {
        @Override
        public boolean configured() {
            return secret.required();
        }
    }

    /** A secret kept in the store's parameter {@code parameter}, read by {@link StoredKeys}. */
    record Stored(String parameter) implements KeySource {
        @Override
        public boolean configured() {
            return true;
        }
    }
}
