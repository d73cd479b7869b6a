package dev.nanowork.support;

import dev.nanowork.support.SsmStandIn.Refusal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.thirdparty.jackson.core.JsonToken;
import software.amazon.awssdk.thirdparty.jackson.dataformat.cbor.CBORFactory;
import software.amazon.awssdk.thirdparty.jackson.dataformat.cbor.CBORGenerator;
import software.amazon.awssdk.thirdparty.jackson.dataformat.cbor.CBORParser;

/**
 * The CBOR of Smithy RPC v2 (smithy.io, "RPC v2 CBOR protocol"), read and written with the CBOR codec the SDK itself
 * ships (its shaded Jackson): maps, arrays, text, numbers, booleans, and timestamps as tag 1 around epoch seconds
 * (read as {@link Instant}, written from one). Enough for GetMetricData's shapes.
 */
final class Cbor {
    private static final CBORFactory CBOR = new CBORFactory();
    private static final int EPOCH_TAG = 1;

    private Cbor() {}

    /** The request's top-level map; a body that is not one is {@code SerializationException}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> read(byte[] body) throws Refusal {
        if (body.length == 0) return Map.of(); // an empty body is an empty input structure
        try (CBORParser p = CBOR.createParser(body)) {
            p.nextToken();
            if (p.currentToken() != JsonToken.START_OBJECT) throw new IOException("not a map");
            return (Map<String, Object>) value(p);
        } catch (IOException | RuntimeException e) {
            throw new Refusal("SerializationException", "body is not a CBOR map: " + e.getMessage());
        }
    }

    private static Object value(CBORParser p) throws IOException {
        int tag = p.getCurrentTag();
        return switch (p.currentToken()) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    map.put(name, value(p));
                }
                yield map;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) list.add(value(p));
                yield list;
            }
            case VALUE_STRING -> p.getText();
            // Each branch boxed apart: a conditional of long and double would make every integer a Double.
            case VALUE_NUMBER_INT ->
                tag == EPOCH_TAG ? (Object) Instant.ofEpochSecond(p.getLongValue()) : (Object) p.getLongValue();
            case VALUE_NUMBER_FLOAT ->
                tag == EPOCH_TAG
                        ? (Object) Instant.ofEpochMilli(Math.round(p.getDoubleValue() * 1000))
                        : (Object) p.getDoubleValue();
            case VALUE_TRUE -> true;
            case VALUE_FALSE -> false;
            case VALUE_NULL -> null;
            default -> throw new IOException("unexpected " + p.currentToken());
        };
    }

    /** {@code value} as CBOR. */
    static byte[] write(Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CBORGenerator g = CBOR.createGenerator(out)) {
            write(g, value);
        } catch (IOException e) {
            throw new IllegalStateException(e); // a byte array does not fail
        }
        return out.toByteArray();
    }

    private static void write(CBORGenerator g, Object value) throws IOException {
        switch (value) {
            case Map<?, ?> map -> {
                g.writeStartObject();
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    g.writeFieldName(String.valueOf(e.getKey()));
                    write(g, e.getValue());
                }
                g.writeEndObject();
            }
            case List<?> list -> {
                g.writeStartArray();
                for (Object o : list) write(g, o);
                g.writeEndArray();
            }
            case Instant at -> {
                g.writeTag(EPOCH_TAG);
                g.writeNumber(at.toEpochMilli() / 1000.0);
            }
            case Double d -> g.writeNumber(d);
            case Long l -> g.writeNumber(l);
            case Integer i -> g.writeNumber(i);
            case Boolean b -> g.writeBoolean(b);
            default -> g.writeString(String.valueOf(value));
        }
    }
}
