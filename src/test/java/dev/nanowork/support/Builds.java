package dev.nanowork.support;

/** Which build the tests run in: the default Lambda one, or the self-hosted HTTP server (-DselfHosted). */
public final class Builds {
    private Builds() {}

    public static boolean selfHosted() {
        try {
            Class.forName("io.quarkus.amazon.lambda.http.LambdaHttpHandler");
            return false;
        } catch (ClassNotFoundException e) {
            return true;
        }
    }
}
