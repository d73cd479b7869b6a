package dev.nanowork.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Every setting of the endpoint, under the prefix {@code nano-work}. Each key can be overridden by its
 * environment variable (upper case, dots and dashes as underscores: {@code nano-work.max-difficulty} is
 * {@code NANO_WORK_MAX_DIFFICULTY}); docs/endpoint.md lists them with the reasons for their defaults.
 */
@ConfigMapping(prefix = "nano-work")
public interface WorkConfig {
    /** {@code auto | vector512 | vector256 | vector128 | scalar}. */
    @WithDefault("auto")
    String kernel();

    /** {@code auto} (the CPUs this instance pays for) or a positive count. */
    @WithDefault("auto")
    String threads();

    /** The lowest difficulty {@code work_generate} accepts: the receive threshold, nano_node's publish minimum. */
    @WithDefault("fffffe0000000000")
    String minDifficulty();

    /**
     * The highest difficulty {@code work_generate} accepts: 2 x the send threshold. See docs/endpoint.md for
     * the latency arithmetic (mean 19.3 s and 22 % over the 29 s deadline at 55.5 MH/s, the modelled rate of
     * the best plain Lambda from the shipped kernels; set when the modelled rate was 128 MH/s).
     */
    @WithDefault("fffffffc00000000")
    String maxDifficulty();

    /** How long one {@code work_generate} may search; on Lambda also bounded by the invocation and 29 s. */
    @WithDefault("28s")
    Duration deadline();

    /** Kept free of the Lambda invocation's remaining time, to write the answer before Lambda stops us. */
    @WithDefault("750ms")
    Duration deadlineMargin();

    /** {@code generate}, {@code validate} or {@code both}: which functions this deployment serves. */
    @WithDefault("both")
    String serve();

    /**
     * Origins allowed by CORS, comma separated, or {@code *}. Also feeds {@code quarkus.http.cors.origins}. The
     * self-hosted build sets {@code none} (no web page may call the local server) in its own defaults.
     */
    @WithDefault("*")
    String corsOrigins();

    /**
     * The {@code Host} names this server answers for, comma separated, or {@code *} (any: the Lambda build, behind
     * API Gateway). The self-hosted build sets the localhost names in its own defaults, against DNS rebinding.
     */
    @WithDefault("*")
    String allowedHosts();

    /** Searches that may wait behind the running one (self-hosted mode); more are refused as busy. */
    @WithDefault("16")
    int queueCapacity();

    /**
     * Callers that may share one search (self-hosted: identical requests coalesce); more are refused as busy. Each
     * waits on a worker thread, so this bounds the threads one root can hold.
     */
    @WithDefault("16")
    int waitersPerSearch();

    /**
     * Searches, running or queued, one client (one address) may wait for at once (self-hosted); more are refused
     * as busy, so one client cannot fill the queue.
     */
    @WithDefault("4")
    int searchesPerClient();

    /**
     * Callers, over all their searches, one client may wait with at once (self-hosted; a trusted work peer: at least
     * its searches-per-peer); more are refused as busy, so one client cannot hold the worker threads.
     */
    @WithDefault("16")
    int waitersPerClient();

    /**
     * Callers that may wait for work at once, over all clients (self-hosted). Each waits on one of Quarkus' worker
     * threads (200 on a small machine: quarkus.thread-pool.max-threads), so this stays well below that pool and a
     * work_validate, status or work_cancel always finds a thread.
     */
    @WithDefault("96")
    int maxWaiters();

    /** Who the clients of the self-hosted server are, and what each may hold (docs/endpoint.md). */
    SelfHosted selfHosted();

    interface SelfHosted {
        /**
         * Addresses or CIDR ranges of the reverse proxies in front of this server (nginx, a load balancer), comma
         * separated; none by default. From one of them, the client is the rightmost address of X-Forwarded-For that
         * is not itself a trusted proxy (as nginx's real_ip_recursive); from any other peer the header is ignored.
         */
        Optional<List<String>> trustedProxies();

        /**
         * Addresses or CIDR ranges of trusted work peers: nano_nodes, each sending all its requests from one address
         * (work_peers in config-node.toml), which get searches-per-peer instead of searches-per-client.
         */
        Optional<List<String>> workPeers();

        /** Searches, running or queued, one trusted work peer may wait for at once. */
        @WithDefault("16")
        int searchesPerPeer();

        /**
         * Connections one address may hold open at once; more are closed as they are accepted, before any byte is
         * read (nginx's limit_conn per address). Far above an honest client's few, far below
         * quarkus.http.limits.max-connections, so one host cannot hold them all.
         */
        @WithDefault("32")
        int connectionsPerAddress();

        /**
         * Connections one trusted proxy may hold open at once: it carries every client behind it over its own
         * address, so it is bounded only far above a stranger (the per-client bound is then the proxy's own).
         */
        @WithDefault("512")
        int connectionsPerProxy();

        /** Connections one trusted work peer may hold open at once: a nano_node opens one per request in flight. */
        @WithDefault("128")
        int connectionsPerPeer();

        /**
         * Whether the connection bounds above and the header timeout are put on the server's listening socket: the
         * self-hosted build turns it on (src/main/self-hosted). Off in the Lambda build, where API Gateway holds the
         * connections and the only HTTP server is dev and test mode's mock event server.
         */
        @WithDefault("false")
        boolean limitConnections();

        /**
         * How long a request's head (request line and headers) may take to arrive, from the connection's acceptance
         * or from the first byte after the previous answer; a connection still short of it then is closed (nginx's
         * client_header_timeout, Envoy's request_headers_timeout). The wait for an answer is not counted.
         */
        @WithDefault("10s")
        Duration headerTimeout();

        /**
         * Requests one client may send a second, on average (a token bucket, as nginx's limit_req): {@code off}, or a
         * positive number. Beyond it (and its burst) a request is refused at once, before its body is read. Off in the
         * Lambda build (API Gateway and the edge throttle there); the self-hosted build sets its own default. The local
         * host (127.0.0.1, ::1) is never limited.
         */
        @WithDefault("off")
        String requestsPerSecond();

        /** Requests one client may send at once before its rate applies: the bucket's size. */
        @WithDefault("64")
        int requestBurst();

        /** The same rate for a trusted work peer (a nano_node sends all its requests from one address). */
        @WithDefault("100")
        double requestsPerSecondPerPeer();

        /** The same burst for a trusted work peer. */
        @WithDefault("256")
        int requestBurstPerPeer();
    }

    /** The optional credentials (docs/reliability.md): none by default, as nano_node's RPC. */
    AuthConfig auth();

    /** One work searched by many Lambda executions at once, through a shared record (docs/endpoint.md, "Fan-out"). */
    FanOutConfig fanOut();

    /** Where each request's metrics go: the namespace and the variant they are filed under. */
    MetricsConfig metrics();

    /** Work searched before a wallet asks for it ({@code work_precache}, docs/endpoint.md). */
    PrecacheConfig precache();

    /** The {@code benchmark} action. */
    Benchmark benchmark();

    interface Benchmark {
        /** How long a benchmark runs when the request names no {@code duration}. */
        @WithDefault("3s")
        Duration duration();

        /** The longest benchmark a request may ask for. */
        @WithDefault("10s")
        Duration maxDuration();

        /**
         * Whether {@code benchmark} is an operator action, refused without a valid key
         * ({@code NANO_WORK_BENCHMARK_REQUIRES_KEY}; Terraform sets it on every deployed function, where a
         * benchmark keeps a reserved slot's search threads busy for its whole duration). With no key configured,
         * it is then refused to everyone.
         */
        @WithDefault("false")
        boolean requiresKey();
    }
}
