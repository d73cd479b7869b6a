package dev.nanowork.observe;

import io.quarkus.logging.LoggingFilter;
import java.util.logging.Filter;
import java.util.logging.Level;
import java.util.logging.LogRecord;

/**
 * Each console line's level as Lambda names levels: {@code WARN} and {@code ERROR}, not java.util.logging's
 * {@code WARNING} and {@code SEVERE} (this code and the SDK log through JUL). Lambda reads a JSON line's {@code level}
 * for its log-level filtering and takes a value it does not know for INFO ("Log-level filtering", Lambda developer
 * guide): with the function's application log level at WARN, every warning and error would be dropped, and a Logs
 * Insights filter on {@code level = "ERROR"} would find none. A handler's filter runs after its level check, so only
 * the name written changes; WARN and ERROR weigh exactly what WARNING and SEVERE do (FINE and CONFIG become DEBUG,
 * FINER and FINEST TRACE). It lets every record through.
 */
@LoggingFilter(name = "lambda-levels")
public final class LambdaLogLevels implements Filter {
    @Override
    public boolean isLoggable(LogRecord record) {
        record.setLevel(lambdaLevel(record.getLevel()));
        return true;
    }

    /**
     * The level Lambda knows that stands for {@code level}; one it knows already, as it is. By name: JUL's levels are
     * equal to JBoss' of the same weight.
     */
    static Level lambdaLevel(Level level) {
        if (level == null) return null;
        return switch (level.getName()) {
            case "SEVERE" -> org.jboss.logmanager.Level.ERROR;
            case "WARNING" -> org.jboss.logmanager.Level.WARN;
            case "CONFIG", "FINE" -> org.jboss.logmanager.Level.DEBUG;
            case "FINER", "FINEST" -> org.jboss.logmanager.Level.TRACE;
            default -> level;
        };
    }
}
