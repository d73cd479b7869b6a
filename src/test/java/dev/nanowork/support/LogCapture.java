package dev.nanowork.support;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Collects the log records at or above a level from every logger of this JVM (the root handler sees
 * JBoss LogManager's records too, which Quarkus' logging goes through), to assert what was, or was not,
 * logged.
 */
public final class LogCapture implements AutoCloseable {
    private final Logger root = Logger.getLogger("");
    private final List<LogRecord> records = new ArrayList<>();
    private final Handler handler;

    private LogCapture(Level level) {
        handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= level.intValue()) {
                    synchronized (records) {
                        records.add(record);
                    }
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        handler.setLevel(Level.ALL);
        root.addHandler(handler);
    }

    /** Starts capturing records at {@code level} and above. */
    public static LogCapture atLeast(Level level) {
        return new LogCapture(level);
    }

    /** The records so far, each as "LEVEL logger: message". */
    public List<String> lines() {
        synchronized (records) {
            return records.stream()
                    .map(r -> r.getLevel() + " " + r.getLoggerName() + ": " + r.getMessage()
                            + (r.getThrown() == null ? "" : " / " + r.getThrown()))
                    .toList();
        }
    }

    /** Every captured record's message with its parameters and thrown text, for a search of a secret. */
    public String allText() {
        synchronized (records) {
            StringBuilder b = new StringBuilder();
            for (LogRecord r : records) {
                b.append(r.getMessage()).append('\n');
                if (r.getParameters() != null)
                    for (Object p : r.getParameters()) b.append(p).append('\n');
                if (r.getThrown() != null) b.append(r.getThrown()).append('\n');
            }
            return b.toString();
        }
    }

    public void clear() {
        synchronized (records) {
            records.clear();
        }
    }

    @Override
    public void close() {
        root.removeHandler(handler);
    }
}
