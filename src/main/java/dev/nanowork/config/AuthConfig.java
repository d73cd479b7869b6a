package dev.nanowork.config;

import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code nano-work.auth.*}: the optional secrets (docs/reliability.md, "Keys"): none by default, as nano_node's RPC.
 * Each is given directly or named by its SSM parameter; every parameter is read in one call, when a request needs it.
 */
public interface AuthConfig {
    /** The wallet key itself ({@code NANO_WORK_AUTH_KEY}); for self-hosted servers. */
    Optional<String> key();

    /**
     * The name of an SSM parameter (SecureString) holding the wallet key ({@code NANO_WORK_AUTH_KEY_PARAMETER}),
     * read through the AWS SDK when the first request needs it (after a SnapStart restore, never into the
     * snapshot), then every {@link #keyCache()}.
     */
    Optional<String> keyParameter();

    /**
     * The operator key itself ({@code NANO_WORK_AUTH_OPERATOR_KEY}): needed for benchmark, status details and
     * cancelling other clients' searches; must differ from the wallet key.
     */
    Optional<String> operatorKey();

    /** An SSM parameter holding the operator key ({@code NANO_WORK_AUTH_OPERATOR_KEY_PARAMETER}), read as above. */
    Optional<String> operatorKeyParameter();

    /**
     * The edge's origin secret itself ({@code NANO_WORK_AUTH_ORIGIN_SECRET}): when set, every request must carry
     * it in {@code x-origin-secret}, else it is refused before anything else, and the {@code x-viewer-address}
     * beside it is the client (its asker, its rate, its access-log line). Without it that header is never
     * believed. Must differ from both keys.
     */
    Optional<String> originSecret();

    /**
     * An SSM parameter holding the origin secret ({@code NANO_WORK_AUTH_ORIGIN_SECRET_PARAMETER}; the stack's
     * {@code /NAME_PREFIX/origin-secret}, which infra/edge-keys.sh gives the edge), read with the keys, in the
     * same call.
     */
    Optional<String> originSecretParameter();

    /**
     * How long a key read from SSM is used before it is read again ({@code NANO_WORK_AUTH_KEY_CACHE}): a rotated
     * key reaches every execution within this time. One GetParameters reads every parameter, so 5 minutes keeps a
     * thousand busy executions at about 3 reads a second (7 during a rotation), within the default throughput of
     * 40.
     */
    @WithDefault("5m")
    Duration keyCache();

    /**
     * How long the previous version of a key parameter stays accepted after a new version is written ({@code
     * NANO_WORK_AUTH_ROTATION_GRACE}); the edge's key store keeps it as long (infra/edge-keys.sh). Must exceed
     * {@link #keyCache()}: wallets move to the new key once every execution can have read it.
     */
    @WithDefault("30m")
    Duration rotationGrace();
}
