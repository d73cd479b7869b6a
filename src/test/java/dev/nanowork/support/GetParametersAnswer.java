package dev.nanowork.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nanowork.support.SsmStandIn.Refusal;
import dev.nanowork.support.SsmStandIn.Stored;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@link SsmStandIn}'s answer to one signed {@code GetParameters}, by the rules its class comment lists: the request's
 * limits, IAM, and each name found or listed in {@code InvalidParameters}.
 */
record GetParametersAnswer(String body, String outcome) {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** GetParameters' Names: 1 to 10 items. */
    static final int MAX_NAMES = 10;
    /** Each name (or ARN, or selector): 1 to 2,048 characters. */
    static final int MAX_NAME_LENGTH = 2048;

    static GetParametersAnswer of(
            List<String> names,
            JsonNode request,
            Map<String, List<Stored>> parameters,
            Set<String> readable,
            String region)
            throws Refusal {
        if (names.isEmpty() || names.size() > MAX_NAMES)
            throw new Refusal(
                    "ValidationException",
                    "1 validation error detected: Value at 'names' failed to satisfy constraint: Member must"
                            + " have length less than or equal to " + MAX_NAMES + " and greater than or equal to 1");
        for (String n : names) {
            if (n.isEmpty() || n.length() > MAX_NAME_LENGTH)
                throw new Refusal("ValidationException", "a name must be 1 to " + MAX_NAME_LENGTH + " characters");
        }
        for (String n : names) {
            String name = n.replaceFirst(":[^:/]*$", "");
            if (!readable.contains(name))
                throw new Refusal(
                        "AccessDeniedException",
                        "User is not authorized to perform: ssm:GetParameters on resource: parameter" + name);
        }
        boolean decrypt = request.path("WithDecryption").asBoolean(false);
        TreeMap<String, ObjectNode> found = new TreeMap<>(); // alphabetical, as SSM lists them
        ArrayNode invalid = JSON.createArrayNode();
        for (String n : names) {
            ObjectNode parameter = parameter(n, decrypt, parameters, region);
            if (parameter == null) invalid.add(n);
            else found.put(n, parameter);
        }
        ObjectNode answer = JSON.createObjectNode();
        answer.putArray("Parameters").addAll(found.values());
        answer.set("InvalidParameters", invalid);
        return new GetParametersAnswer(answer.toString(), invalid.isEmpty() ? "ok" : "invalid " + invalid);
    }

    /** The answer's entry for one name or {@code name:version}; null when no such parameter or version is held. */
    private static ObjectNode parameter(
            String asked, boolean decrypt, Map<String, List<Stored>> parameters, String region) {
        int colon = asked.lastIndexOf(':');
        boolean versioned = colon > 0 && asked.indexOf('/', colon) < 0;
        String name = versioned ? asked.substring(0, colon) : asked;
        List<Stored> versions = parameters.get(name);
        if (versions == null) return null;
        int version = versions.size();
        if (versioned) {
            String number = asked.substring(colon + 1);
            if (!number.matches("[1-9][0-9]{0,8}")) return null; // a label: this stand-in holds none
            version = Integer.parseInt(number);
            if (version > versions.size()) return null;
        }
        Stored stored = versions.get(version - 1);
        ObjectNode parameter = JSON.createObjectNode()
                .put("Name", name)
                .put("Type", "SecureString")
                .put("Value", decrypt ? stored.value() : ciphertext(stored.value()))
                .put("Version", version)
                .put("LastModifiedDate", stored.modified().toEpochMilli() / 1000.0)
                .put("ARN", "arn:aws:ssm:" + region + ":123456789012:parameter" + name)
                .put("DataType", "text");
        if (versioned) parameter.put("Selector", ":" + version);
        return parameter;
    }

    private static String ciphertext(String value) {
        return Base64.getEncoder()
                .encodeToString(("AQICAH" + SsmStandIn.hex(SsmStandIn.sha256(value.getBytes(StandardCharsets.UTF_8))))
                        .getBytes(StandardCharsets.US_ASCII));
    }
}
