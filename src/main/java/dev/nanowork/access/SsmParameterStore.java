package dev.nanowork.access;

import dev.nanowork.aws.AwsClients;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.ssm.SsmClient;
import software.amazon.awssdk.services.ssm.model.GetParametersResponse;
import software.amazon.awssdk.services.ssm.model.Parameter;

/**
 * SSM Parameter Store through the AWS SDK for Java v2: {@code GetParameters} with decryption, built as every AWS client
 * is ({@link AwsClients}: default credential chain and region, {@code AWS_ENDPOINT_URL_SSM} honoured). It makes no call
 * until asked: built during INIT, it holds no credentials and no key in a SnapStart snapshot. Its reads run off the
 * request path ({@link StoredKeys}), so its timeouts bound a read, not a request.
 */
public final class SsmParameterStore implements ParameterStore, AutoCloseable {
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

    /**
     * Runs one read through the SDK without the network ({@link PrimingHttpClient}) and static placeholder credentials:
     * before a SnapStart snapshot, so that the first real read after a restore finds the SDK's classes loaded. Measured
     * at the validate function's CPU share (30% of a core): see StoredKeys#FIRST_READ_WAIT.
     */
    @Override
    public void prime() {
        try (SsmParameterStore offline = new SsmParameterStore(SsmClient.builder()
                .httpClient(new PrimingHttpClient())
                .region(Region.US_EAST_1)
                .endpointOverride(URI.create("http://127.0.0.1:9"))
                .credentialsProvider(
                        StaticCredentialsProvider.create(AwsBasicCredentials.create("PRIMING", "placeholder")))
                .build())) {
            offline.read(List.of(PrimingHttpClient.NAME));
        }
    }

    @Override
    public Found read(List<String> selectors) {
        if (selectors.isEmpty() || selectors.size() > MAX_SELECTORS)
            throw new IllegalArgumentException(
                    "GetParameters takes 1 to " + MAX_SELECTORS + " names, was " + selectors);
        GetParametersResponse answer;
        try {
            answer = ssm.getParameters(r -> r.names(selectors).withDecryption(true));
        } catch (AwsServiceException e) {
            // The service's own code (AccessDeniedException, ThrottlingException, ...) says why.
            throw new KeyUnavailableException(
                    "SSM parameters " + selectors + ": " + e.awsErrorDetails().errorCode() + " ("
                            + e.awsErrorDetails().errorMessage() + ")",
                    e);
        } catch (SdkException e) {
            throw new KeyUnavailableException(
                    "SSM parameters " + selectors + " could not be read: " + e.getMessage(), e);
        }
        Map<String, Version> versions = new HashMap<>();
        for (Parameter p : answer.parameters()) {
            String selector = asked(selectors, p);
            if (p.value() == null || p.value().isBlank())
                throw new KeyUnavailableException("SSM parameter " + selector + " has no value");
            versions.put(selector, new Version(p.value(), p.version() == null ? 0 : p.version(), p.lastModifiedDate()));
        }
        Set<String> invalid = new HashSet<>(answer.invalidParameters());
        return new Found(versions, invalid);
    }

    /**
     * The selector {@code p} answers: its name, with the {@code :N} selector SSM echoes when one was asked. A name
     * asked without its leading {@code /} is matched as asked.
     */
    private static String asked(List<String> selectors, Parameter p) {
        String answered = p.name() + (p.selector() == null ? "" : p.selector());
        for (String s : selectors) {
            if (s.equals(answered) || ("/" + s).equals(answered)) return s;
        }
        throw new KeyUnavailableException("SSM answered parameter " + answered + ", which was not asked for");
    }

    @Override
    public void close() {
        ssm.close();
    }
}
