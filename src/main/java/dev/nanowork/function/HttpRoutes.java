package dev.nanowork.function;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.config.WorkConfig;
import dev.nanowork.observe.RecordWriter;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.Answer;
import dev.nanowork.rpc.RequestLimits;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.rpc.WorkRpc;
import io.quarkus.runtime.LaunchMode;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The HTTP side of nano_node's contract that Funqy does not give: {@code POST} on any other path
 * dispatching on the body's {@code action} (wallets post to one URL), {@code Can only POST requests} for
 * other methods, CORS headers on a bare {@code OPTIONS} (preflights are Quarkus' CORS filter's), and
 * nano_node's answers where Funqy would fail a request with an empty 400 (a body it cannot read) or where
 * the body is over the limit (413). Every request has its line in the access log ({@link AccessLog}); with an
 * origin secret, none passes without it ({@link OriginGate}). Every {@code
 * POST} gets its {@link RequestContexts request context} (who sent
 * it, its key, its deadline) before it waits for anything; self-hosted, its client's request rate is checked before
 * its body is read ({@link RateLimiter}).
 */
@ApplicationScoped
public class HttpRoutes {
    /**
     * Vert.x runs the routes matching a request in order, and Funqy's route (added by its extension) takes
     * every path under {@code /} and answers other methods with 405: these go before it. Within them, the
     * method check comes first, so that no other route sees a {@code GET}.
     */
    static final int METHOD_CHECK_ORDER = -100;
    /** After the method check, before Funqy: the paths that are not functions, and the failures of all. */
    static final int NANO_ROUTES_ORDER = -99;

    private static final Logger LOG = Logger.getLogger(HttpRoutes.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ALLOW_ORIGIN = "Access-Control-Allow-Origin";

    /** Every path except the function routes: {@code /}, {@code /rpc}, ... */
    static final String FUNCTION_NAMES =
            Arrays.stream(Action.values()).map(Action::wireName).collect(Collectors.joining("|"));

    static final String DISPATCH_PATHS = "/(?!(" + FUNCTION_NAMES + ")$).*";

    @Inject
    WorkRpc rpc;

    @Inject
    Deadlines deadlines;

    @Inject
    WorkConfig config;

    /** Who may reach the server: a loopback name or address keeps it (self-hosted, dev mode) to this machine. */
    @ConfigProperty(name = ListenAddresses.SETTING, defaultValue = "0.0.0.0")
    String listenHost;

    @Inject
    WorkEngine engine;

    @Inject
    RecordWriter records;

    void routes(@Observes Router router) {
        RequestOrigin origin = RequestOrigin.of(config.selfHosted());
        // The access log's line for every request, whatever answers it: first, at the arrival's order.
        AccessLog access = new AccessLog(origin);
        router.route().order(Arrival.ORDER).handler(access);
        // Its record, written as it ends (after the access log's line, whose sender it repeats).
        router.route()
                .order(Arrival.ORDER)
                .handler(new RequestLog(access, records, RecordWriter.functionName(System.getenv())));
        // Then, before anything else is read or answered, the edge's origin secret when one is configured.
        if (engine.access().originConfigured())
            router.route().order(Arrival.ORDER).handler(new OriginGate(engine.access(), origin));
        // Before anything is answered: dev mode's callers (this machine, unless opened), then the Host.
        if (LaunchMode.current() == LaunchMode.DEVELOPMENT && ListenAddresses.loopback(listenHost)) {
            router.route().order(METHOD_CHECK_ORDER).handler(new LocalCallers());
            LOG.info(() -> "dev mode: answering callers on this machine only (-D" + ListenAddresses.SETTING
                    + "=0.0.0.0 opens it)");
        }
        HostAllowList hosts = HostAllowList.of(config.allowedHosts(), listenHost);
        if (!hosts.any()) {
            router.route().order(METHOD_CHECK_ORDER).handler(hosts);
            if (!ListenAddresses.loopback(listenHost)) {
                LOG.info(() -> "hosts: answering for " + hosts.describe() + "; a name clients reach this server by"
                        + " goes in nano-work.allowed-hosts (NANO_WORK_ALLOWED_HOSTS)");
            }
        }
        router.route().order(METHOD_CHECK_ORDER).handler(this::onlyPost);
        // Each client's rate, as soon as the head is in: registered before the body's read, at its order, so first.
        RequestRates rates = RequestRates.of(config.selfHosted());
        if (rates.on()) {
            router.post().order(BodyReader.ORDER).handler(new RateLimiter(rates, origin, System::nanoTime));
            LOG.info(() -> "requests: at most " + RequestRates.number(rates.perSecond()) + " a second, " + rates.burst()
                    + " at once, per client (" + RequestRates.number(rates.peerPerSecond()) + " and "
                    + rates.peerBurst()
                    + " per work peer; the local host unlimited)");
        }
        // Every route's body, in memory only, before Quarkus' body handler (BODY_ORDER) and so before Funqy.
        router.post().order(BodyReader.ORDER).handler(new BodyReader(RequestLimits.BODY_BYTES));
        // Every POST's context, on the event loop: first of the routes at this order, before dispatch and Funqy.
        router.post().order(NANO_ROUTES_ORDER).handler(new RequestContexts(origin, deadlines));
        router.postWithRegex(DISPATCH_PATHS).order(NANO_ROUTES_ORDER).blockingHandler(this::dispatch, false);
        router.route().order(NANO_ROUTES_ORDER).failureHandler(this::failure);
    }

    private void onlyPost(RoutingContext rc) {
        HttpMethod method = rc.request().method();
        if (HttpMethod.POST.equals(method)) {
            rc.next();
        } else if (HttpMethod.OPTIONS.equals(method)) {
            bareOptions(rc);
        } else {
            answer(rc, new RpcError(RpcError.ONLY_POST, null).answer());
        }
    }

    /**
     * An {@code OPTIONS} that is not a CORS preflight (those Quarkus' CORS filter answers before any route, from
     * {@code quarkus.http.cors.*}, which application.properties feeds from the same {@code nano-work.cors-origins}).
     * nano_node answers one with its CORS headers; so does this, without a second reading of the origins: the
     * filter has already named the caller's {@code Origin} when it is allowed (and refused the request with 403
     * when it is not), so only {@code *}, for a caller that sent no {@code Origin}, is left to add here.
     */
    private void bareOptions(RoutingContext rc) {
        var response = rc.response().setStatusCode(200);
        if (!response.headers().contains(ALLOW_ORIGIN)
                && config.corsOrigins().strip().equals("*")) {
            response.putHeader(ALLOW_ORIGIN, "*");
        }
        response.putHeader("Access-Control-Allow-Methods", "POST, OPTIONS")
                .putHeader("Access-Control-Allow-Headers", "Content-Type, Authorization")
                .end();
    }

    /** {@code POST /}: the body's text, read once by the RPC. */
    private void dispatch(RoutingContext rc) {
        String body = rc.body().asString(); // BodyReader's bytes; null when there were none
        answer(rc, rpc.handle(body, RequestContexts.of(rc)));
    }

    /**
     * A request failed before any handler answered: over the body limit (413, from a body handler), or a
     * body Funqy could not read into the function's input (400: not JSON, not UTF-8, over a limit of
     * {@link RequestLimits}, or not an object).
     */
    private void failure(RoutingContext rc) {
        int status = rc.statusCode();
        if (status == BodyReader.TOO_LARGE) {
            answer(rc, RequestLimits.bodyTooLarge(-1).answer());
        } else if (status == 400) {
            answer(
                    rc,
                    new RpcError(
                                    RpcError.UNABLE_TO_PARSE_JSON,
                                    "the body is not a JSON object within this endpoint's limits; send one such as {\"hash\": ..., \"work\": ...}")
                            .answer());
        } else {
            rc.next();
        }
    }

    static void answer(RoutingContext rc, Answer answer) {
        RequestLog.answered(rc, answer);
        String json;
        try {
            json = JSON.writeValueAsString(answer);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // records of strings always serialise
        }
        // "Content-Type" spelled so: Quarkus' Lambda handler looks the header up case-sensitively and base64-encodes
        // the body of an answer without it, which API Gateway then passes on encoded.
        rc.response()
                .setStatusCode(200)
                .putHeader("Content-Type", "application/json")
                .end(json);
    }
}
