package dev.nanowork.worker;

import com.amazonaws.services.lambda.runtime.Context;
import dev.nanowork.observe.LogContext;
import dev.nanowork.observe.RecordWriter;
import dev.nanowork.observe.RequestRecord;
import io.quarkus.arc.Arc;
import io.quarkus.runtime.Quarkus;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.logging.Logger;

/**
 * The worker function's handler ({@code dev.nanowork.worker.WorkerHandler::handleRequest}): the same function.zip as
 * the generate function, deployed as a function of its own and never routed from API Gateway. As Quarkus' own
 * QuarkusStreamHandler: the application starts in the constructor (Lambda's INIT, so SnapStart snapshots it with the
 * kernel primed), and each invocation hands its payload to the {@link WorkerSearch} bean. A refused task throws: the
 * runtime reports it as a function error.
 *
 * <p>It does not implement {@code RequestStreamHandler}: Quarkus' Lambda extension refuses to build an application
 * with a handler class of its own beside the HTTP one ("Multiple handler classes"). Lambda's Java runtime takes any
 * public {@code handleRequest(InputStream, OutputStream, Context)} as a stream handler (the handler-by-method form of
 * the Java handler guide).
 */
public class WorkerHandler {
    public WorkerHandler() {
        Quarkus.manualInitialize();
        // The application's start-up lines describe the HTTP function it also is; this one says what runs here. Its
        // logger is asked for only now: one made before Quarkus started (a static field) makes java.util.logging start
        // with its own console handler, whose records are two lines each, two log events on CloudWatch.
        Logger.getLogger(WorkerHandler.class.getName())
                .info("worker function: one search per invocation from the generate function; no HTTP route is served"
                        + " here and no worker is invoked");
    }

    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        Quarkus.manualStart();
        LogContext.requestId(context.getAwsRequestId());
        RequestRecord record = new RequestRecord(
                context.getAwsRequestId(), RecordWriter.functionName(System.getenv()), System.nanoTime());
        try {
            byte[] payload = input.readNBytes(WorkerSearch.LONGEST_PAYLOAD + 1);
            String answer = Arc.container()
                    .instance(WorkerSearch.class)
                    .get()
                    .answer(payload, context.getRemainingTimeInMillis(), record);
            output.write(answer.getBytes(StandardCharsets.UTF_8));
        } finally {
            Arc.container().instance(RecordWriter.class).get().write(record);
            LogContext.clear();
        }
    }
}
