package dev.nanowork.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/endpoint.md's settings table has a row for every {@code nano-work.*} setting a function reads, with its
 * environment variable and its default (and the self-hosted build's and dev mode's where they differ), and no row for
 * a setting that is gone; every {@code NANO_WORK_*} variable the Terraform sets is one the functions read.
 */
class SettingsTableTest {
    static final Path ENDPOINT = Path.of("docs/endpoint.md");
    private static final Pattern ROW =
            Pattern.compile("^\\| `(nano-work\\.[a-z0-9.-]+)` \\| `([A-Z0-9_]+)` \\| ([^|]*) \\|");
    private static final Pattern TERRAFORM_VARIABLE = Pattern.compile("\\bNANO_WORK_[A-Z0-9_]+\\b");

    @Test
    void everySettingHasItsRowWithItsVariableAndDefaults() throws IOException {
        List<ConfigKeys.Key> keys = ConfigKeys.all();
        assertTrue(keys.size() >= 40, "settings found in WorkConfig: " + keys.size());
        assertEquals(
                List.of(),
                problems(keys, rows(Files.readString(ENDPOINT)), ConfigKeys.selfHosted(), ConfigKeys.devMode()));
    }

    @Test
    void everyVariableTheTerraformSetsIsOneTheFunctionsRead() throws IOException {
        TreeSet<String> read = new TreeSet<>();
        ConfigKeys.all().forEach(k -> read.add(k.env()));
        List<String> unknown = new ArrayList<>();
        int found = 0;
        try (Stream<Path> files = Files.walk(Path.of("terraform"))) {
            for (Path tf : files.filter(f -> f.toString().endsWith(".tf")).toList()) {
                Matcher m = TERRAFORM_VARIABLE.matcher(Files.readString(tf));
                while (m.find()) {
                    found++;
                    if (!read.contains(m.group())) unknown.add(tf + ": " + m.group());
                }
            }
        }
        assertTrue(found >= 15, "NANO_WORK_ variables found in the Terraform: " + found);
        assertEquals(List.of(), unknown, "variables the Terraform sets that no setting of WorkConfig reads");
    }

    @Test
    void aMissingRowAWrongDefaultAndAGoneSettingAreEachNamed() {
        List<ConfigKeys.Key> keys = List.of(
                new ConfigKeys.Key("nano-work.queue-capacity", "NANO_WORK_QUEUE_CAPACITY", "16"),
                new ConfigKeys.Key("nano-work.allowed-hosts", "NANO_WORK_ALLOWED_HOSTS", "*"),
                new ConfigKeys.Key("nano-work.new-one", "NANO_WORK_NEW_ONE", null));
        String table = """
                | `nano-work.queue-capacity` | `NANO_WORK_QUEUE_CAPACITY` | `12` | searches |
                | `nano-work.allowed-hosts` | `NANO_WORK_ALLOWED_HOSTS` | `*` | hosts |
                | `nano-work.old-one` | `NANO_WORK_OLD_ONE` | none | gone |
                """;
        List<String> problems = problems(keys, rows(table), Map.of("nano-work.allowed-hosts", "local"), Map.of());
        assertEquals(4, problems.size(), problems.toString());
        assertTrue(
                problems.get(0).contains("nano-work.allowed-hosts: its default cell names no `local` (self-hosted"),
                problems.toString());
        assertTrue(problems.get(1).contains("nano-work.new-one has no row: add"), problems.toString());
        assertTrue(
                problems.get(2).contains("nano-work.queue-capacity: its default cell names no `16` (WorkConfig"),
                problems.toString());
        assertTrue(problems.get(3).contains("nano-work.old-one, which WorkConfig no longer has"), problems.toString());
    }

    /** Each row of the settings table: key -> [variable, default cell]. */
    static Map<String, String[]> rows(String doc) {
        Map<String, String[]> rows = new LinkedHashMap<>();
        for (String line : doc.split("\n")) {
            Matcher m = ROW.matcher(line);
            if (m.find())
                rows.put(m.group(1), new String[] {m.group(2), m.group(3).strip()});
        }
        return rows;
    }

    static List<String> problems(
            List<ConfigKeys.Key> keys,
            Map<String, String[]> rows,
            Map<String, String> selfHosted,
            Map<String, String> devMode) {
        List<String> problems = new ArrayList<>();
        TreeSet<String> known = new TreeSet<>();
        for (ConfigKeys.Key k : keys) {
            known.add(k.key());
            String[] row = rows.get(k.key());
            if (row == null) {
                problems.add(ENDPOINT + ": " + k.key() + " has no row: add `| `" + k.key() + "` | `" + k.env() + "` | "
                        + (k.defaultValue() == null ? "none" : "`" + k.defaultValue() + "`")
                        + " | what it does |` to the settings table (\"Configuration\")");
                continue;
            }
            if (!row[0].equals(k.env())) {
                problems.add(ENDPOINT + ": " + k.key() + "'s variable is " + k.env() + ", not " + row[0]);
            }
            if (k.defaultValue() == null ? !row[1].startsWith("none") : !names(row[1], k.defaultValue())) {
                problems.add(ENDPOINT + ": " + k.key() + ": its default cell names no `"
                        + (k.defaultValue() == null ? "none" : k.defaultValue()) + "` (WorkConfig's default): "
                        + row[1]);
            }
            String self = selfHosted.get(k.key());
            if (self != null && !names(row[1], self)) {
                problems.add(ENDPOINT + ": " + k.key() + ": its default cell names no `" + self + "` (self-hosted, "
                        + ConfigKeys.SELF_HOSTED + "): " + row[1]);
            }
            String dev = devMode.get(k.key());
            if (dev != null && !names(row[1], dev)) {
                problems.add(ENDPOINT + ": " + k.key() + ": its default cell names no `" + dev
                        + "` (dev mode, %dev. in " + ConfigKeys.APPLICATION + "): " + row[1]);
            }
        }
        for (String key : rows.keySet()) {
            if (!known.contains(key)) {
                problems.add(ENDPOINT + ": the settings table has a row for " + key
                        + ", which WorkConfig no longer has: remove it");
            }
        }
        problems.sort(null);
        return problems;
    }

    private static boolean names(String cell, String value) {
        return cell.contains("`" + value + "`");
    }
}
