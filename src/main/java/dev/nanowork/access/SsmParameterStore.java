package dev.nanowork.access;

import dev.nanowork.aws.AwsClients;
import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.ssm.SsmClient;
import software.amazon.awssdk.services.ssm.model.Parameter;
import software.amazon.awssdk.services.ssm.model.ParameterVersionNotFoundException;

/**
 * SSM Parameter Store through the AWS SDK for Java v2: {@code GetParameter} with decryption,, built as every AWS client is
 * ({@link AwsClients}: default credential chain and region, {@code AWS_ENDPOINT_URL_SSM} honoured). It makes no call
 * until asked: built during INIT, it holds no credentials and no key in a SnapStart snapshot.
 */
public final class SsmParameterStore implements ParameterStore, AutoCloseable {
    /** Every read waits in a request: a dead endpoint must fail it in seconds, not at the SDK's defaults. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

    static final Duration CALL_TIMEOUT = Duration.ofSeconds(6);

    private final SsmClient ssm;

    SsmParameterStore(SsmClient ssm) {
        this.ssm = ssm;
    }

    /** The store of this environment: the SDK's default region, credentials and endpoint settings. */
    public static SsmParameterStore fromEnvironment() {
        return new SsmParameterStore(AwsClients.build(SsmClient.builder(), CONNECT_TIMEOUT, CALL_TIMEOUT));
    }

    @Override
    public Version latest(String name) {
        return get(name);
    }

    @Override
    public Optional<Version> version(String name, long number) {
        try {
            return Optional.of(get(name + ":" + number));
        } catch (KeyUnavailableException e) {
            if (e.getCause() instanceof ParameterVersionNotFoundException) return Optional.empty();
            throw e;
        }
    }

    /** GetParameter of {@code selector}: a name, or {@code name:version}. */
    private Version get(String selector) {
        Parameter p;
        try {
            p = ssm.getParameter(r -> r.name(selector).withDecryption(true)).parameter();
        } catch (AwsServiceException e) {
            // The service's own code (ParameterNotFound, AccessDeniedException, ThrottlingException, ...) says why.
            throw new KeyUnavailableException(
                    "SSM parameter " + selector + ": " + e.awsErrorDetails().errorCode() + " ("
                            + e.awsErrorDetails().errorMessage() + ")",
                    e);
        } catch (SdkException e) {
            throw new KeyUnavailableException("SSM parameter " + selector + " could not be read: " + e.getMessage(), e);
        }
        if (p == null || p.value() == null || p.value().isBlank())
            throw new KeyUnavailableException("SSM parameter " + selector + " has no value");
        return new Version(p.value(), p.version() == null ? 0 : p.version(), p.lastModifiedDate());
    }

    @Override
    public void close() {
        ssm.close();
    }
}
