package dev.nanowork.function;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.logging.Filter;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Drops the one ERROR line Funqy writes, with a stack trace, for each function-route body it cannot even
 * begin to read ({@code Failed to unmarshal input}, e.g. a body that starts with {@code ?}): that is a
 * client's mistake, already answered the nano_node way ({@code Unable to parse JSON}, by
 * {@link HttpRoutes}), not a fault of this server. Every other record of Funqy's logger passes.
 */
@ApplicationScoped
public class ClientBodyLogFilter implements Filter {
    static final String FUNQY_LOGGER = "io.quarkus.funqy";
    static final String UNREADABLE_BODY = "Failed to unmarshal input";

    /** Held here: the log manager keeps loggers only weakly, and a logger made anew would lose the filter. */
    private static final Logger FUNQY = Logger.getLogger(FUNQY_LOGGER);

    void install(@Observes StartupEvent event) {
        FUNQY.setFilter(this);
    }

    @Override
    public boolean isLoggable(LogRecord record) {
        return !UNREADABLE_BODY.equals(record.getMessage());
    }
}
