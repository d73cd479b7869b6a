package dev.nanowork.share;

import dev.nanowork.support.MemoryWorkRecords;
import org.junit.jupiter.api.BeforeEach;

/** The writes in memory: the tests that use {@link MemoryWorkRecords} rely on its following the table's rules. */
class MemoryWorkRecordsWritesTest extends WritesContract {
    @BeforeEach
    void use() {
        records = new MemoryWorkRecords();
    }
}
