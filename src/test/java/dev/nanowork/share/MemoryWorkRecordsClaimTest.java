package dev.nanowork.share;

import dev.nanowork.support.MemoryWorkRecords;
import org.junit.jupiter.api.BeforeEach;

/** The claim rule in memory: the tests that use {@link MemoryWorkRecords} rely on its following the table's. */
class MemoryWorkRecordsClaimTest extends ClaimContract {
    @BeforeEach
    void use() {
        records = new MemoryWorkRecords();
    }
}
