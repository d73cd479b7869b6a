package dev.nanowork.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/** JSON text as a tree, for tests that call the function-route side of the RPC. */
public final class Json {
    private Json() {}

    public static JsonNode object(String text) {
        try {
            return FuzzInputs.JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
