package dev.nanowork.function;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nanowork.config.WorkConfig;
import dev.nanowork.rpc.Action;
import dev.nanowork.rpc.RequestLimits;
import dev.nanowork.rpc.RpcError;
import dev.nanowork.rpc.RpcRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The HTTP side of nano_node's contract that Funqy does not give: answers on any path dispatching on
 * {@code action} (wallets post to one URL), {@code Can only POST requests} for other methods, CORS
 * headers on a bare {@code OPTIONS}, and {@code Unable to parse JSON} where Funqy would answer 400.
 * Funqy serves {@code /{function}}; everything else lands here.
 */
@ApplicationScoped
public class HttpRoutes {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Every path except the function routes: {@code /}, {@code /rpc}, ... */
    static final String FUNCTION_NAMES = Arrays.stream(Action.values()).map(Action::wireName).collect(Collectors.joining("|"));
    static final String DISPATCH_PATHS = "/(?!(" + FUNCTION_NAMES + ")$).*";
    static final String FUNCTION_PATHS = "/(" + FUNCTION_NAMES + ")";

    /** nano_node's requests are a few hundred bytes (RequestLimits gives the reasons). */
    static final int BODY_LIMIT = RequestLimits.BODY_BYTES;

    @Inject
    WorkEngine engine;

    @Inject
    WorkConfig config;

    void routes(@Observes Router router) {
        // Before Funqy's routes (which answer other methods with 405) and after Quarkus' CORS filter
        // (which answers preflights and refuses foreign origins).
        router.route().order(-100).handler(this::onlyPost);
        router.postWithRegex(DISPATCH_PATHS).order(-99).handler(BodyHandler.create().setBodyLimit(BODY_LIMIT))
                .blockingHandler(this::dispatch, false);
        // Funqy's status function takes no input: a body sent to it fails in Funqy with an ERROR log line.
        router.post("/" + Action.STATUS.wireName()).order(-99).handler(BodyHandler.create().setBodyLimit(BODY_LIMIT))
                .handler(this::status);
        // Funqy would answer a body it cannot read with an empty 400 and an ERROR log line per bad request.
        router.postWithRegex(FUNCTION_PATHS).order(-99).handler(BodyHandler.create().setBodyLimit(BODY_LIMIT))
                .handler(this::onlyJson);
        router.route().order(-100).failureHandler(this::failure);
    }

    private void onlyPost(RoutingContext rc) {
        HttpMethod method = rc.request().method();
        if (method == HttpMethod.POST) {
            rc.next();
        } else if (method == HttpMethod.OPTIONS) {
            rc.response().setStatusCode(200)
                    .putHeader("Access-Control-Allow-Origin", allowedOrigin(rc))
                    .putHeader("Access-Control-Allow-Methods", "POST, OPTIONS")
                    .putHeader("Access-Control-Allow-Headers", "Content-Type, Authorization")
                    .end();
        } else {
            answer(rc, new RpcError(RpcError.ONLY_POST, null).answer());
        }
    }

    /** {@code *}, or the caller's origin when it is one of the configured ones, else the first configured. */
    private String allowedOrigin(RoutingContext rc) {
        String origins = config.corsOrigins().strip();
        if (origins.equals("*")) return "*";
        String origin = rc.request().getHeader("Origin");
        for (String o : origins.split(",")) {
            if (o.strip().equals(origin)) return origin;
        }
        return origins.split(",")[0].strip();
    }

    private void dispatch(RoutingContext rc) {
        String body = rc.body().asString();
        answer(rc, engine.rpc().handle(body, java.util.Optional.ofNullable(rc.request().getHeader("Authorization")),
                engine.deadlineNanos(LambdaInvocation.remainingMillis(rc))));
    }

    private void status(RoutingContext rc) {
        answer(rc, engine.rpc().handle(Action.STATUS, rc.body().asString(), java.util.Optional.ofNullable(rc.request().getHeader("Authorization")),
                engine.deadlineNanos(LambdaInvocation.remainingMillis(rc))));
    }

    private void onlyJson(RoutingContext rc) {
        String body;
        try {
            body = utf8(rc);
        } catch (RpcError e) {
            answer(rc, e.answer()); // Funqy reads the raw bytes and logs an ERROR for each invalid UTF-8 body
            return;
        }
        if (body == null || body.isEmpty()) {
            rc.next(); // the functions refuse a missing body themselves; whitespace (even \f, which Funqy's parser
                       // refuses with an ERROR log) goes through RpcRequest.parse below
            return;
        }
        try {
            RpcRequest.parse(body);
            rc.next();
        } catch (RpcError e) {
            answer(rc, e.answer());
        }
    }

    /** The body as text; bytes that are not UTF-8 (JSON's encoding) are refused as nano_node refuses bad JSON. */
    static String utf8(RoutingContext rc) {
        if (rc.body() == null || rc.body().buffer() == null) return null;
        try {
            return java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(rc.body().buffer().getBytes())).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new RpcError(RpcError.UNABLE_TO_PARSE_JSON, "the body is not valid UTF-8; send JSON text in UTF-8");
        }
    }

    /** Funqy fails a request with 400 when its body is not JSON it can read, before any of our code runs. */
    private void failure(RoutingContext rc) {
        int status = rc.statusCode();
        if (status == 413) {
            answer(rc, RequestLimits.bodyTooLarge(-1).answer());
        } else if (status == 400) {
            answer(rc, new RpcError(RpcError.UNABLE_TO_PARSE_JSON,
                    "the body is not valid JSON; send a JSON object such as {\"hash\": ..., \"work\": ...}").answer());
        } else {
            rc.next();
        }
    }

    private static void answer(RoutingContext rc, Map<String, String> answer) {
        String json;
        try {
            json = JSON.writeValueAsString(answer);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a map of strings always serialises
        }
        // "Content-Type" spelled so: Quarkus' Lambda handler looks the header up case-sensitively and base64-encodes
        // the body of an answer without it, which API Gateway then passes on encoded.
        rc.response().setStatusCode(200).putHeader("Content-Type", "application/json").end(json);
    }
}
