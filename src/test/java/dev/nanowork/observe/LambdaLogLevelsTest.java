package dev.nanowork.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

/** Every level is written under a name Lambda's log-level filtering knows, and weighs what it weighed. */
class LambdaLogLevelsTest {
    @Test
    void julsLevelsAreRenamedAsLambdaNamesThemAndKeepTheirWeight() {
        LambdaLogLevels filter = new LambdaLogLevels();
        LogRecord warning = new LogRecord(Level.WARNING, "record unavailable");
        assertTrue(filter.isLoggable(warning), "it lets every record through");
        // Planted: WARNING left as it is: Lambda took the line for INFO.
        assertEquals("WARN", warning.getLevel().getName());
        assertEquals(Level.WARNING.intValue(), warning.getLevel().intValue());
        LogRecord severe = new LogRecord(Level.SEVERE, "search failed");
        assertTrue(filter.isLoggable(severe));
        assertEquals("ERROR", severe.getLevel().getName());
        assertEquals(Level.SEVERE.intValue(), severe.getLevel().intValue());
        for (Level level : List.of(Level.FINE, Level.CONFIG))
            assertEquals("DEBUG", LambdaLogLevels.lambdaLevel(level).getName(), level.getName());
        for (Level level : List.of(Level.FINER, Level.FINEST))
            assertEquals("TRACE", LambdaLogLevels.lambdaLevel(level).getName(), level.getName());
        LogRecord info = new LogRecord(Level.INFO, "started");
        assertTrue(filter.isLoggable(info));
        assertSame(Level.INFO, info.getLevel(), "a level Lambda knows stays");
        assertEquals(null, LambdaLogLevels.lambdaLevel(null));
    }
}
