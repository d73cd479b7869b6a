package dev.nanowork.access;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * An HTTP client that never touches the network: it answers every request with one canned GetParameters answer (a
 * parameter {@link #NAME} of a placeholder value, no key). {@link SsmParameterStore#prime} runs a read through it
 * before a SnapStart snapshot, so that the SDK's classes for the call (marshalling, signing, retries, the JSON
 * answer's parsing) are loaded and initialised in the snapshot instead of on the first request after every restore.
 */
final class PrimingHttpClient implements SdkHttpClient {
    /** The one parameter it answers. */
    static final String NAME = "/nano-work/priming";

    private static final byte[] ANSWER = ("{\"InvalidParameters\":[],\"Parameters\":[{\"Name\":\"" + NAME + "\","
                    + "\"Type\":\"SecureString\",\"Value\":\"placeholder\",\"Version\":1,\"LastModifiedDate\":1.7E9,"
                    + "\"ARN\":\"arn:aws:ssm:us-east-1:123456789012:parameter" + NAME + "\",\"DataType\":\"text\"}]}")
            .getBytes(StandardCharsets.UTF_8);

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() {
                return HttpExecuteResponse.builder()
                        .response(SdkHttpResponse.builder()
                                .statusCode(200)
                                .putHeader("Content-Type", "application/x-amz-json-1.1")
                                .putHeader("Content-Length", Integer.toString(ANSWER.length))
                                .build())
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(ANSWER)))
                        .build();
            }

            @Override
            public void abort() {
                // Answered at once: nothing to abort.
            }
        };
    }

    @Override
    public void close() {
        // Holds nothing.
    }
}
