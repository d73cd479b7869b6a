package dev.nanowork.cost;

import java.io.IOException;

/**
 * How the operator tools' entry points run (the cost report, the dashboard drawn from records): headless, and an input
 * they refuse said as {@code tool: message} on stderr with exit status 2, not as a stack trace.
 */
public final class ToolMain {
    /** A tool's work, which may refuse its input with a {@link CostInputException}. */
    @FunctionalInterface
    public interface Body {
        void run() throws IOException;
    }

    private ToolMain() {}

    public static void run(String tool, Body body) throws IOException {
        System.setProperty("java.awt.headless", "true");
        try {
            body.run();
        } catch (CostInputException e) {
            System.err.println(tool + ": " + e.getMessage());
            System.exit(2);
        }
    }
}
