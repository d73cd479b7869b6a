package dev.nanowork.docs;

import dev.nanowork.config.WorkConfig;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * Every {@code nano-work.*} setting the functions read, as the application maps them ({@link WorkConfig} and its
 * groups, SmallRye's kebab-case names), with its environment variable and default; and the defaults the self-hosted
 * build and dev mode put over them.
 */
final class ConfigKeys {
    static final Path SELF_HOSTED = Path.of("src/main/self-hosted/META-INF/microprofile-config.properties");
    static final Path APPLICATION = Path.of("src/main/resources/application.properties");

    private ConfigKeys() {}

    /**
     * One setting.
     *
     * @param defaultValue its {@code @WithDefault}, null when it has none (an {@code Optional})
     */
    record Key(String key, String env, String defaultValue) {}

    static List<Key> all() {
        List<Key> keys = new ArrayList<>();
        walk(
                WorkConfig.class,
                WorkConfig.class.getAnnotation(ConfigMapping.class).prefix() + ".",
                keys);
        keys.sort(Comparator.comparing(Key::key));
        return keys;
    }

    private static void walk(Class<?> group, String prefix, List<Key> keys) {
        for (Method m : group.getMethods()) {
            if (m.isDefault() || m.getParameterCount() > 0) continue;
            String key = prefix + kebab(m.getName());
            Class<?> type = m.getReturnType();
            if (type.isInterface() && type.getPackageName().equals(WorkConfig.class.getPackageName())) {
                walk(type, key + ".", keys);
            } else {
                WithDefault d = m.getAnnotation(WithDefault.class);
                keys.add(new Key(key, env(key), d == null ? null : d.value()));
            }
        }
    }

    /** SmallRye's name for a method: {@code requestsPerSecond} is {@code requests-per-second}. */
    static String kebab(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    /** The environment variable SmallRye reads for a key: {@code NANO_WORK_FAN_OUT_MAX_WORKERS}. */
    static String env(String key) {
        return key.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }

    /** The {@code nano-work.*} values the self-hosted build's configuration sets over the defaults. */
    static Map<String, String> selfHosted() {
        return nanoWork(load(SELF_HOSTED), "");
    }

    /** The {@code %dev.nano-work.*} values of application.properties: dev mode's own defaults. */
    static Map<String, String> devMode() {
        return nanoWork(load(APPLICATION), "%dev.");
    }

    private static Map<String, String> nanoWork(Properties properties, String profile) {
        Map<String, String> values = new LinkedHashMap<>();
        properties.stringPropertyNames().stream()
                .filter(k -> k.startsWith(profile + "nano-work."))
                .sorted()
                .forEach(k -> values.put(k.substring(profile.length()), properties.getProperty(k)));
        return values;
    }

    private static Properties load(Path file) {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    /** The names a document may give a key: itself, its variable, without {@code nano-work.}, its unique last part. */
    static Map<String, Key> names(List<Key> keys) {
        Map<String, Key> names = new LinkedHashMap<>();
        Map<String, Integer> lastParts = new LinkedHashMap<>();
        for (Key k : keys) lastParts.merge(last(k.key()), 1, Integer::sum);
        for (Key k : keys) {
            names.put(k.key(), k);
            names.put(k.env(), k);
            names.putIfAbsent(k.key().substring("nano-work.".length()), k);
            // a hyphenated last part only (queue-capacity): a bare word (key, kernel, target) is ordinary prose too
            if (lastParts.get(last(k.key())) == 1 && last(k.key()).contains("-")) names.putIfAbsent(last(k.key()), k);
        }
        return names;
    }

    private static String last(String key) {
        List<String> parts = Arrays.asList(key.split("\\."));
        return parts.get(parts.size() - 1);
    }
}
