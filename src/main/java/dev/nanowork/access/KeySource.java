package dev.nanowork.access;

/**
 * Where one of the endpoint's two keys comes from: nowhere (no key), the configuration (a self-hosted server, tests),
 * or a parameter store ({@link RotatingKey}: re-read, so that a rotation needs no deploy).
 */
public sealed interface KeySource permits KeySource.Fixed, RotatingKey {
    /** No key. */
    KeySource NONE = new Fixed(SharedSecret.NONE);

    /**
     * The key as it stands now.
     *
     * @throws KeyUnavailableException when it must be read and cannot be
     */
    SharedSecret secret();

    /** Whether a key is configured (known without reading it). */
    boolean configured();

    /** Drops whatever was read (before a SnapStart snapshot: no key may sit in it). */
    void forget();

    /** A key given in the configuration, or none. */
    static KeySource fixed(SharedSecret secret) {
        return new Fixed(secret);
    }

    /** A key given in the configuration: it never changes while the process runs. */
    record Fixed(SharedSecret secret) implements KeySource {
        @Override
        public boolean configured() {
            return secret.required();
        }

        @Override
        public void forget() {
            // Nothing was read.
        }
    }
}
