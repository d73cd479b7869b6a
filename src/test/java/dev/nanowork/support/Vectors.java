package dev.nanowork.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The known-answer files of {@code ../shared/vectors/}, copied into the test resources. Each row is a
 * map from the header's column names to the row's cells.
 */
public final class Vectors {
    private Vectors() {}

    public static List<Map<String, String>> read(String file) {
        try (InputStream in = Vectors.class.getResourceAsStream("/vectors/" + file)) {
            if (in == null) throw new IllegalStateException("missing test resource /vectors/" + file);
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String[] header = reader.readLine().split(",");
            List<Map<String, String>> rows = new ArrayList<>();
            for (String line; (line = reader.readLine()) != null; ) {
                if (line.isBlank()) continue;
                String[] cells = line.split(",", header.length);
                Map<String, String> row = new HashMap<>();
                for (int i = 0; i < header.length; i++) row.put(header[i], cells[i]);
                rows.add(row);
            }
            return rows;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
