package dev.nanowork.rpc;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;

/**
 * Reads one request body, once, into an {@link RpcRequest}: from the text of {@code POST /}, or from the
 * parser Funqy gives a function's input (this is {@link RpcRequest}'s Jackson deserializer). Never throws
 * for a client's mistake: a body it cannot take becomes a request that carries nano_node's refusal, which
 * the RPC answers, so that Funqy neither fails the request nor logs it.
 */
final class RequestReader extends StdDeserializer<RpcRequest> {
    private static final long serialVersionUID = 1L;

    /** Strict about the document and within {@link RequestLimits} while it reads, for {@code POST /}. */
    private static final ObjectMapper JSON = RequestLimits.configure(new ObjectMapper());

    RequestReader() {
        super(RpcRequest.class);
    }

    @Override
    public RpcRequest deserialize(JsonParser parser, DeserializationContext context) {
        return read(parser);
    }

    /** A body as text; {@link RpcRequest#parse} has refused the empty and the oversized ones. */
    static RpcRequest read(String text) {
        try (JsonParser parser = JSON.createParser(text)) {
            return read(parser);
        } catch (IOException e) {
            return RpcRequest.refused(notJson(e)); // closing a parser over a string does not fail
        }
    }

    /** The JSON value at, or after, the parser's position; anything after it is a refusal. */
    private static RpcRequest read(JsonParser parser) {
        try {
            if (!parser.hasCurrentToken()) parser.nextToken();
            JsonNode tree = parser.readValueAsTree();
            if (parser.nextToken() != null) {
                return RpcRequest.refused(notJson("the body has more after its JSON value", parser.currentLocation()));
            }
            RequestLimits.check(tree);
            return RpcRequest.of(tree);
        } catch (RpcError e) {
            return RpcRequest.refused(e);
        } catch (StreamConstraintsException e) {
            return RpcRequest.refused(RequestLimits.exceeded(e));
        } catch (IOException e) {
            return RpcRequest.refused(notJson(e));
        }
    }

    private static RpcError notJson(IOException e) {
        JsonLocation at = e instanceof JsonProcessingException j ? j.getLocation() : null;
        return notJson("the body is not valid JSON", at);
    }

    /** {@code at} is absent for some failures found after the tokens were read. */
    private static RpcError notJson(String why, JsonLocation at) {
        return RpcError.notAnObject(
                why + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
    }
}
