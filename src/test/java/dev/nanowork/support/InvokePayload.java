package dev.nanowork.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * What {@link LambdaInvokeStandIn} checks of an {@code Invoke}'s type and payload, as the Lambda API reference's
 * "Invoke" documents them: {@code RequestResponse} (the default) or {@code Event}; at most 6 MB synchronous and 1 MB
 * asynchronous; JSON.
 */
final class InvokePayload {
    /** The synchronous invocation's payload limit (request and response). */
    static final int LARGEST_PAYLOAD = 6 * 1024 * 1024;

    /** The asynchronous invocation's payload limit. */
    static final int LARGEST_EVENT = 1024 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();

    private InvokePayload() {}

    /**
     * Whether the invocation is an event, once type and payload pass.
     *
     * @param type the {@code X-Amz-Invocation-Type} header, null when absent
     */
    static boolean event(String type, byte[] body) throws InvokeRefused {
        boolean event = "Event".equals(type);
        if (type != null && !type.equals("RequestResponse") && !event)
            throw new InvokeRefused(
                    400,
                    "InvalidParameterValueException",
                    "this stand-in runs RequestResponse and Event invocations, was " + type);
        int largest = event ? LARGEST_EVENT : LARGEST_PAYLOAD;
        if (body.length > largest)
            throw new InvokeRefused(
                    413,
                    "RequestTooLargeException",
                    "Request must be smaller than " + largest + " bytes for the InvokeFunction operation");
        try {
            JSON.readTree(body);
        } catch (IOException e) {
            throw new InvokeRefused(400, "InvalidRequestContentException", "Could not parse request body into json");
        }
        return event;
    }
}
