package dev.nanowork.support;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The credentials endpoint a SnapStart Java function gets instead of access-key variables (Lambda guide,
 * "snapstart-credentials"), as the SDKs' container credential provider uses it (SDKs and Tools reference guide,
 * "Container credential provider"): {@code GET} of {@code AWS_CONTAINER_CREDENTIALS_FULL_URI} with the {@code
 * Authorization} header set to {@code AWS_CONTAINER_AUTHORIZATION_TOKEN}, answered with {@code AccessKeyId}, {@code
 * SecretAccessKey}, {@code Token} and {@code Expiration}. A request without that exact header is refused (401), as a
 * request from outside the execution environment would be.
 */
public final class ContainerCredentialsStandIn extends LoopbackService {
    static final String PATH = "/2021-04-23/credentials";

    private final String authorizationToken;
    private final SsmStandIn.Issued credentials;
    private final AtomicInteger served = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();

    public ContainerCredentialsStandIn(String authorizationToken, SsmStandIn.Issued credentials) throws IOException {
        this.authorizationToken = authorizationToken;
        this.credentials = credentials;
        serve(PATH);
    }

    /** The value of {@code AWS_CONTAINER_CREDENTIALS_FULL_URI}. */
    public String fullUri() {
        return endpoint() + PATH;
    }

    /** Credentials handed out. */
    public int served() {
        return served.get();
    }

    /** Requests refused for a missing or wrong token. */
    public int refused() {
        return refused.get();
    }

    @Override
    protected void handle(HttpExchange exchange) throws IOException {
        byte[] body;
        int status;
        if (!"GET".equals(exchange.getRequestMethod())
                || !authorizationToken.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
            refused.incrementAndGet();
            status = 401;
            body = "{\"message\":\"unauthorized\"}".getBytes(StandardCharsets.UTF_8);
        } else {
            served.incrementAndGet();
            status = 200;
            Instant expiration = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
            body = ("{\"AccessKeyId\":\"" + credentials.accessKeyId() + "\",\"SecretAccessKey\":\""
                            + credentials.secretKey() + "\",\"Token\":\"" + credentials.sessionToken()
                            + "\",\"Expiration\":\"" + expiration + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
        }
        answer(exchange, status, "application/json", body);
    }
}
