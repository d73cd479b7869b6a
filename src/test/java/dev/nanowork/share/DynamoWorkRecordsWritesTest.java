package dev.nanowork.share;

import static dev.nanowork.share.RecordCases.root;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nanowork.support.Dynalite;
import dev.nanowork.work.Root;
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
}
