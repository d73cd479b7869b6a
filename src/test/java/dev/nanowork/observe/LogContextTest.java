package dev.nanowork.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.jboss.logging.MDC;
import org.junit.jupiter.api.Test;

/** The request id goes where the JSON log lines read it ({@code mdc.AWSRequestId}), and away again. */
class LogContextTest {
    @Test
    void namesTheRequestUntilCleared() {
        LogContext.requestId("8f5e0d2a-0000-4000-8000-000000000001");
        assertEquals("8f5e0d2a-0000-4000-8000-000000000001", MDC.get("AWSRequestId"));
        LogContext.requestId(null); // off Lambda there is none: the last one stays until cleared
        assertEquals("8f5e0d2a-0000-4000-8000-000000000001", MDC.get("AWSRequestId"));
        LogContext.clear();
        assertNull(MDC.get("AWSRequestId"));
    }
}
