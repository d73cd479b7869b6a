package dev.nanowork.fanout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.work.Difficulty;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The worker's payload and answer are read exactly as written, and nothing else is read at all. */
class WorkerTasksTest {
    static final String ROOT = "718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2";
    static final String ID = "0f8fad5b-d9cb-469f-a165-70867728950e";
    static final WorkerTask TASK =
            new WorkerTask(Root.parse(ROOT), Difficulty.SEND, ID, 0x8000000000000001L, 1_796_000_000_000L);
    static final String WRITTEN = "{\"root\":\"" + ROOT + "\",\"difficulty\":\"fffffff800000000\",\"search\":\"" + ID
            + "\",\"start\":\"8000000000000001\",\"deadline\":1796000000000}";

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aTaskIsWrittenAsDocumentedAndReadBack() {
        assertEquals(WRITTEN, WorkerTasks.write(TASK));
        WorkerTask read = WorkerTasks.readTask(bytes(WRITTEN));
        assertEquals(TASK.root(), read.root());
        assertEquals(TASK.difficulty(), read.difficulty());
        assertEquals(TASK.searchId(), read.searchId());
        assertEquals(TASK.start(), read.start());
        assertEquals(TASK.deadlineEpochMillis(), read.deadlineEpochMillis());
    }

    @Test
    void everyOtherTaskIsRefusedSayingWhy() {
        Map<String, String> refused = Map.ofEntries(
                Map.entry("", "must be a JSON object, was MISSING"),
                Map.entry("[]", "must be a JSON object"),
                Map.entry(WRITTEN + "{}", "not one JSON object"),
                Map.entry(WRITTEN.replace("}", ",\"threads\":4}"), "unknown member threads"),
                Map.entry(WRITTEN.replace(",\"deadline\":1796000000000", ""), "missing deadline"),
                Map.entry(WRITTEN.replace("{", "{\"root\":\"" + ROOT + "\","), "Duplicate field 'root'"),
                Map.entry(WRITTEN.replace(ROOT, ROOT.substring(1)), "root must be 64 hex digits"),
                Map.entry(WRITTEN.replace(ROOT, ROOT.replace('C', 'G')), "root must be 64 hex digits"),
                Map.entry(WRITTEN.replace("\"fffffff800000000\"", "\"fffffff8\""), "difficulty must be exactly 16"),
                Map.entry(
                        WRITTEN.replace("\"fffffff800000000\"", "18446743970630336512"), "difficulty must be a string"),
                Map.entry(WRITTEN.replace("\"8000000000000001\"", "\"08000000000000001\""), "start must be exactly 16"),
                Map.entry(WRITTEN.replace(ID, ID.toUpperCase(java.util.Locale.ROOT)), "search must be a UUID"),
                Map.entry(WRITTEN.replace(ID, "1-1-1-1-1"), "search must be a UUID"),
                Map.entry(WRITTEN.replace("1796000000000", "1796000000000.5"), "deadline must be a positive whole"),
                Map.entry(WRITTEN.replace("1796000000000", "\"1796000000000\""), "deadline must be a positive whole"),
                Map.entry(WRITTEN.replace("1796000000000", "-1"), "deadline must be a positive whole"),
                Map.entry(
                        WRITTEN.replace("1796000000000", "99999999999999999999"), "deadline must be a positive whole"));
        for (Map.Entry<String, String> e : refused.entrySet()) {
            WorkerTasks.Malformed m = assertThrows(
                    WorkerTasks.Malformed.class, () -> WorkerTasks.readTask(bytes(e.getKey())), e.getKey());
            assertTrue(m.getMessage().contains(e.getValue()), e.getKey() + " -> " + m.getMessage());
        }
    }

    @Test
    void theThreeAnswersAndNothingElse() {
        WorkerOutcome found = new WorkerOutcome(WorkerOutcome.Kind.FOUND, Optional.of(new Work(0x2bf29ef00786a6bcL)));
        assertEquals("{\"outcome\":\"found\",\"work\":\"2bf29ef00786a6bc\"}", WorkerTasks.write(found));
        assertEquals(found, WorkerTasks.readOutcome(bytes(WorkerTasks.write(found))));
        for (WorkerOutcome.Kind kind :
                new WorkerOutcome.Kind[] {WorkerOutcome.Kind.STOPPED, WorkerOutcome.Kind.DEADLINE}) {
            WorkerOutcome o = new WorkerOutcome(kind, Optional.empty());
            assertEquals(o, WorkerTasks.readOutcome(bytes(WorkerTasks.write(o))));
        }
        for (String answer : new String[] {
            "{\"outcome\":\"found\"}",
            "{\"outcome\":\"found\",\"work\":\"2bf29ef0\"}",
            "{\"outcome\":\"stopped\",\"work\":\"2bf29ef00786a6bc\"}",
            "{\"outcome\":\"won\"}",
            "{\"work\":\"2bf29ef00786a6bc\"}",
            "{\"errorMessage\":\"boom\",\"errorType\":\"WorkerRefusal\"}",
            "null"
        }) {
            assertThrows(WorkerTasks.Malformed.class, () -> WorkerTasks.readOutcome(bytes(answer)), answer);
        }
    }
}
