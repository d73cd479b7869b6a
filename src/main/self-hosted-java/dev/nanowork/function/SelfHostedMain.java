package dev.nanowork.function;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * The self-hosted server's entry point (only in the {@code -DselfHosted} build): refuses a Java older than 21 with one
 * line that says what to do, then starts Quarkus as its generated main would. Everything else is compiled for 21
 * ({@code jdk.incubator.vector}'s API), so on Java 17, where Quarkus itself starts, the first application class would
 * fail to load and the process exit 1 with no message; this class alone is compiled for 17 (its own compiler
 * execution in pom.xml's self-hosted profile) so that it loads there. {@code infra/run-self-hosted.sh} finds a JDK 21+
 * as {@code ./mvnw} does. Tested by {@code SelfHostedOldJavaIT}.
 */
@QuarkusMain
public final class SelfHostedMain {
    static final int OLDEST_JAVA = 21;

    private SelfHostedMain() {}

    public static void main(String... args) {
        int feature = Runtime.version().feature();
        if (feature < OLDEST_JAVA) {
            System.err.println(refusal(feature, System.getProperty("java.home")));
            System.exit(1);
        }
        Quarkus.run(args);
    }

    static String refusal(int feature, String javaHome) {
        return "nano-work-function needs Java " + OLDEST_JAVA + " or newer (25 recommended) and this java is " + feature
                + " (" + javaHome + "): start it with infra/run-self-hosted.sh, which finds a JDK 21+ as ./mvnw does,"
                + " or with a JDK 21+'s bin/java";
    }
}
