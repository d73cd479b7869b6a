package dev.nanowork.rpc;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one request body, once, into an {@link RpcRequest}: from the text of {@code POST /}, or from the
 * parser Funqy gives a function's input (this is {@link RpcRequest}'s Jackson deserializer). Never throws
 * for a client's mistake: a body it cannot take becomes a request that carries nano_node's refusal, which
 * the RPC answers, so that Funqy neither fails the request nor logs it. A field sent twice is taken at its
 * first occurrence, as nano_node takes it, on both paths.
 */
final class RequestReader extends StdDeserializer<RpcRequest> {
    private static final long serialVersionUID = 1L;

    /** Strict about the document and within {@link RequestLimits} while it reads, for {@code POST /}. */
    private static final ObjectMapper JSON = RequestLimits.configure(new ObjectMapper());

    /** One field's value from the middle of a body: the document-level check of {@code JSON} would refuse what follows it. */
    private static final ObjectReader VALUE = JSON.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

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
    private static RpcRequest read(JsonParser given) {
        JsonParser parser = new NumberLimit(given);
        try {
            if (!parser.hasCurrentToken()) parser.nextToken();
            List<JsonNode> repeated = new ArrayList<>();
            Map<String, String> numberTexts = new HashMap<>();
            JsonNode tree = parser.isExpectedStartObjectToken()
                    ? firstOccurrences(parser, repeated, numberTexts)
                    : parser.readValueAsTree();
            if (parser.nextToken() != null) {
                return RpcRequest.refused(notJson("the body has more after its JSON value", parser.currentLocation()));
            }
            RequestLimits.check(tree);
            for (JsonNode value : repeated) RequestLimits.checkField(value);
            return RpcRequest.of(tree, numberTexts);
        } catch (RpcError e) {
            return RpcRequest.refused(e);
        } catch (StreamConstraintsException e) {
            return RpcRequest.refused(RequestLimits.exceeded(e));
        } catch (IOException e) {
            return RpcRequest.refused(notJson(e));
        }
    }

    /**
     * The object at the parser, each field at its first occurrence; the values of later occurrences go to
     * {@code repeated}. nano_node reads a body with boost's {@code read_json}, whose property tree keeps every
     * occurrence of a key, and its {@code get<std::string>(key)} answers the first; Jackson's own tree would
     * keep the last, so the same body could validate one work in nano_node and another here. A later
     * occurrence is still read, and held to {@link RequestLimits}, so that repeating a key is no way around
     * them. Objects nested in a value keep Jackson's rule: no field of this endpoint is read from them.
     *
     * <p>A field whose value is a JSON number also has the number's text put in {@code numberTexts}: the property
     * tree stores the characters, so nano_node reads {@code "work": 1e5} as the hex digits {@code 1e5}, where
     * Jackson's number would print {@code 100000.0}.
     */
    private static JsonNode firstOccurrences(
            JsonParser parser, List<JsonNode> repeated, Map<String, String> numberTexts) throws IOException {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            JsonToken token = parser.nextToken();
            String text = token != null && token.isNumeric() ? parser.getText() : null;
            JsonNode value = VALUE.readTree(parser);
            if (object.has(name)) repeated.add(value);
            else {
                object.set(name, value == null ? NullNode.getInstance() : value);
                if (text != null) numberTexts.put(name, text);
            }
        }
        return object;
    }

    /**
     * Holds every JSON number to {@link RequestLimits#NUMBER_CHARS} characters as it was written, whichever parser
     * reads the body. {@code POST /}'s parser has that limit built in, but Funqy reads a function route's body with
     * its own, at Jackson's default of 1000 digits, and what it read could only be checked afterwards, by the
     * number's value: a {@code "multiplier": 1.000...0001} of 100 digits is the double 1.0, three characters, so it
     * was refused on {@code POST /} and searched for on {@code /work_generate}. Checked here, as each number is read,
     * by its text (what nano_node's property tree keeps, and what this endpoint reads a number as), every route
     * reads one number grammar: JSON's, within the same limit. Its refusal is the one Jackson's own limit raises, so
     * both routes answer it alike.
     */
    private static final class NumberLimit extends JsonParserDelegate {
        NumberLimit(JsonParser parser) {
            super(parser);
        }

        @Override
        public JsonToken nextToken() throws IOException {
            JsonToken token = super.nextToken();
            if (token != null && token.isNumeric() && getTextLength() > RequestLimits.NUMBER_CHARS) {
                throw new StreamConstraintsException("Number value length (" + getTextLength()
                        + ") exceeds the maximum allowed (" + RequestLimits.NUMBER_CHARS + ")");
            }
            return token;
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
