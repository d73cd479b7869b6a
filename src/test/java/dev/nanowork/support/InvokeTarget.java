package dev.nanowork.support;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * The function an {@code Invoke} names and the qualifier it invokes, read as the Lambda API reference documents {@code
 * FunctionName} and {@code Qualifier}: the name, {@code name:qualifier} or the (partial) ARN in the path, or the
 * {@code Qualifier} query parameter; both given and different is refused; neither is {@code $LATEST}.
 */
record InvokeTarget(String region, String function) {
    private static final String ACCOUNT = "123456789012";

    String arn() {
        return "arn:aws:lambda:" + region + ":" + ACCOUNT + ":function:" + function;
    }

    String qualifier(String name, String rawQuery) throws InvokeRefused {
        String rest;
        if (name.startsWith("arn:")) {
            if (!name.startsWith(arn())) throw notFound(name);
            rest = name.substring(arn().length());
        } else {
            if (!name.startsWith(function)) throw notFound(name);
            rest = name.substring(function.length());
        }
        if (!rest.isEmpty() && !rest.startsWith(":")) throw notFound(name);
        String fromName = rest.isEmpty() ? null : rest.substring(1);
        String fromQuery = null;
        if (rawQuery != null)
            for (String p : rawQuery.split("&"))
                if (p.startsWith("Qualifier=")) fromQuery = URLDecoder.decode(p.substring(10), StandardCharsets.UTF_8);
        if (fromName != null && fromQuery != null && !fromName.equals(fromQuery))
            throw new InvokeRefused(
                    400,
                    "InvalidParameterValueException",
                    "The derived qualifier from the function name does not match");
        return fromName != null ? fromName : fromQuery != null ? fromQuery : "$LATEST";
    }

    private static InvokeRefused notFound(String name) {
        return new InvokeRefused(404, "ResourceNotFoundException", "Function not found: " + name);
    }
}
