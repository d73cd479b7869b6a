package dev.nanowork.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.terraform.TerraformDocs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * No document states a default other than the code's: wherever a setting is named in backticks and given a value
 * right after it ({@code `fan_out.max_workers` (16)}, {@code `key_cache_seconds`, default 300}, {@code
 * `nano-work.auth.key-cache` (5 minutes)}), the value is its default, read where the code reads it (WorkConfig, the
 * stack's variables). So no two documents can disagree about one either.
 */
class SettingStatementsTest {
    private static final Pattern NAMED = Pattern.compile("`([A-Za-z0-9_.-]+)`");
    /** What may follow a name: {@code (VALUE}, {@code (default VALUE}, {@code , default VALUE}, {@code defaults to}. */
    private static final Pattern VALUE = Pattern.compile(
            "^(?:\\s*\\((default\\s+)?|,\\s*(default)\\s+|\\s+(defaults?)\\s+(?:to\\s+)?)`?(\\d{1,3}(?:,\\d{3})+[^,;:()`\\n]*?|[^,;:()`\\n]+?)`?\\s*[,;:)]");

    private static final Pattern DURATION =
            Pattern.compile("^(\\d+(?:\\.\\d+)?)\\s*(ms|milliseconds?|s|seconds?|m|minutes?|h|hours?|d|days?)$");
    private static final Pattern NUMBER = Pattern.compile("^\\d{1,3}(?:,\\d{3})+$|^\\d+(?:\\.\\d+)?$");

    @Test
    void everyValueADocumentGivesASettingIsItsDefault() {
        Map<String, Setting> settings = settings();
        assertTrue(settings.size() > 80, "settings known: " + settings.size());
        List<String> problems = new ArrayList<>();
        int statements = 0;
        for (Path doc : Docs.documents(Path.of("").toAbsolutePath())) {
            String relative = Path.of("").toAbsolutePath().relativize(doc).toString();
            for (Statement s : statements(Docs.read(doc), settings)) {
                statements++;
                if (!s.agrees()) problems.add(relative + ":" + s.line() + ": " + s);
            }
        }
        assertTrue(statements >= 10, "statements of a setting's value found: " + statements);
        assertEquals(List.of(), problems);
    }

    @Test
    void aStatedValueIsComparedAsADurationANumberOrText() {
        Map<String, Setting> settings = Map.of(
                "key-cache", new Setting("nano-work.auth.key-cache", "5m", "WorkConfig"),
                "fan_out.max_workers", new Setting("fan_out.max_workers", "16", "the stack"),
                "settings.kernel", new Setting("settings.kernel", "auto", "the stack"));
        List<Statement> found = statements(
                "a `key-cache` (5 minutes) and `key-cache` (300 s), `fan_out.max_workers` (12),\n"
                        + "`settings.kernel` (the kernel), `settings.kernel`, default `scalar`; and"
                        + " `fan_out.max_workers` (1,600 MB: prose)\n",
                settings);
        assertEquals(4, found.size(), found.toString());
        assertEquals(
                List.of(true, true, false, false),
                found.stream().map(Statement::agrees).toList());
        assertEquals(
                "`fan_out.max_workers` is said to be 12; its default is 16 (the stack): write 16, or run infra/docs.sh"
                        + " where the figure is generated",
                found.get(2).toString());
        assertEquals(2, found.get(3).line());
    }

    /** A setting a document may name, with its default and where that is read. */
    record Setting(String name, String value, String source) {}

    /** One statement of a setting's value in a document. */
    record Statement(Setting setting, String stated, boolean sayDefault, int line) {
        boolean agrees() {
            Double statedSeconds = seconds(stated);
            Double number = number(setting.value());
            if (statedSeconds != null && seconds(setting.value()) != null) {
                return statedSeconds.equals(seconds(setting.value()));
            }
            if (statedSeconds != null && number != null && setting.name().endsWith("seconds")) {
                return statedSeconds.equals(number);
            }
            Double statedNumber = number(stated);
            if (statedNumber != null && number != null) return statedNumber.equals(number);
            return stated.equals(setting.value());
        }

        @Override
        public String toString() {
            return "`" + setting.name() + "` is said to be " + stated + "; its default is " + setting.value() + " ("
                    + setting.source() + "): write " + setting.value()
                    + ", or run infra/docs.sh where the figure is generated";
        }
    }

    /** The settings by every name a document gives them. */
    static Map<String, Setting> settings() {
        Map<String, Setting> settings = new LinkedHashMap<>();
        for (Map.Entry<String, ConfigKeys.Key> e :
                ConfigKeys.names(ConfigKeys.all()).entrySet()) {
            if (e.getValue().defaultValue() != null) {
                settings.put(
                        e.getKey(), new Setting(e.getValue().key(), e.getValue().defaultValue(), "WorkConfig"));
            }
        }
        for (Map.Entry<String, String> e : TerraformDocs.defaults().entrySet()) {
            settings.putIfAbsent(
                    e.getKey(), new Setting(e.getKey(), e.getValue(), "terraform/stacks/work-api's variables"));
        }
        return settings;
    }

    /**
     * Each value {@code doc} gives a setting: after its name, a number or a duration in brackets, or any value after
     * the word default. A bracket of prose is no statement.
     */
    static List<Statement> statements(String doc, Map<String, Setting> settings) {
        List<Statement> found = new ArrayList<>();
        Matcher named = NAMED.matcher(doc);
        while (named.find()) {
            Setting setting = settings.get(named.group(1));
            if (setting == null) continue;
            Matcher value = VALUE.matcher(doc.substring(named.end(), Math.min(doc.length(), named.end() + 120)));
            if (!value.find()) continue;
            boolean sayDefault = value.group(1) != null || value.group(2) != null || value.group(3) != null;
            String stated = value.group(4).strip();
            if (!sayDefault && seconds(stated) == null && number(stated) == null) continue;
            found.add(new Statement(setting, stated, sayDefault, GeneratedBlocks.line(doc, named.start())));
        }
        return found;
    }

    /** A duration in seconds ({@code 5 minutes}, {@code 50ms}, {@code 1h}), or null. */
    static Double seconds(String text) {
        Matcher m = DURATION.matcher(text.strip());
        if (!m.matches()) return null;
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2);
        if (unit.equals("ms") || unit.startsWith("milli")) return n / 1000;
        if (unit.startsWith("m")) return n * 60;
        if (unit.startsWith("h")) return n * 3600;
        if (unit.startsWith("d")) return n * 86400;
        return n;
    }

    /** A plain number ({@code 16}, {@code 1,800}, {@code 0.5}), or null. */
    static Double number(String text) {
        String t = text.strip();
        return NUMBER.matcher(t).matches() ? Double.parseDouble(t.replace(",", "")) : null;
    }
}
