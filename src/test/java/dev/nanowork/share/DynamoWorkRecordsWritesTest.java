package dev.nanowork.share;

import static dev.nanowork.share.RecordCases.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.observe.SearchTally;
import dev.nanowork.support.Dynalite;
import dev.nanowork.work.Root;
import dev.nanowork.work.Work;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The writes against dynalite: every condition and update expression as DynamoDB evaluates it. */
class DynamoWorkRecordsWritesTest extends WritesContract {
    static Dynalite dynalite;
    static String name;
    static DynamoWorkRecords table;

    @BeforeAll
    static void start() {
        dynalite = Dynalite.start();
        name = dynalite.workTable();
        table = RecordCases.records(dynalite, name);
    }

    @AfterAll
    static void stop() {
        if (dynalite != null) dynalite.close();
    }

    @BeforeEach
    void use() {
        records = table;
    }

    @Test
    void anExpiredItemIsStillInTheTableUntilTtlDeletesIt() {
        Root root = root();
        claimExpired(root);
        assertTrue(dynalite.client()
                .getItem(g -> g.tableName(name).key(RecordItems.key(root)))
                .hasItem());
    }

    /**
     * Every call to the table is counted in the tally of the search it serves, as DynamoDB bills it: a read unit per
     * GetItem, a write unit per PutItem or UpdateItem, a refused condition included (a claim that meets a live search
     * is billed its write).
     */
    @Test
    void eachCallIsCountedInTheSearchsTallyAsTheTableBillsIt() {
        Root root = root();
        SearchTally tally = new SearchTally();
        SearchTally.within(tally, () -> {
            WorkRecord search = claimed(root, RecordCases.ANY, RecordCases.now() + 10_000, "10.0.0.1");
            records.read(root);
            // Refused: a live search stands, and the same round trip returns it.
            records.claim(RecordCases.searching(root, RecordCases.ANY, RecordCases.now() + 10_000, "10.0.0.2"), 0);
            records.offer(root, search.searchId(), new Work(7));
            return null;
        });
        // The read, and the refused claim's: dynalite returns no item with a refused condition (DynamoDB does, asked
        // for it with ReturnValuesOnConditionCheckFailure), so the claim reads what stands; on DynamoDB, 1.
        assertEquals(2, tally.recordReads(), "the read and the refused claim's");
        assertEquals(3, tally.recordWrites(), "two claims, one offer");
        records.read(root);
        assertEquals(2, tally.recordReads(), "a call outside the search is not its");
    }
}
