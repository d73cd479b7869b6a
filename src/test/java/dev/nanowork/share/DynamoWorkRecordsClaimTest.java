package dev.nanowork.share;

import dev.nanowork.support.Dynalite;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/** The claim rule against dynalite: every condition as DynamoDB evaluates it ({@link RecordRequests#claim}). */
class DynamoWorkRecordsClaimTest extends ClaimContract {
    static Dynalite dynalite;
    static DynamoWorkRecords table;

    @BeforeAll
    static void start() {
        dynalite = Dynalite.start();
        table = RecordCases.records(dynalite, dynalite.workTable());
    }

    @AfterAll
    static void stop() {
        if (dynalite != null) dynalite.close();
    }

    @BeforeEach
    void use() {
        records = table;
    }
}
