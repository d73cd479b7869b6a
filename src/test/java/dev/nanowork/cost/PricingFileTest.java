package dev.nanowork.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PricingFileTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theProjectsPricingFileLoadsWithEveryRequiredFamily() throws IOException {
        Pricing p = PricingFile.load(Path.of("infra/pricing/aws-us-east-1.json"));
        assertEquals("us-east-1", p.region());
        assertEquals(0.0000166667, p.lambda().architectures().get(0).gbSecond(), 0);
        assertEquals(1.00, p.apiGateway().httpRequestPerMillion(), 0);
        assertEquals(0.15, p.managedInstances().feeFraction(), 0);
        assertEquals(
                java.util.List.of("c6i", "c7i", "c7a", "c7g", "c8g"),
                p.ec2().stream().map(Pricing.Ec2Family::name).toList());
        // 2 architectures x 6 memory sizes + 5 Managed Instances families + 5 families x 3 sizes
        assertEquals(32, new TargetCatalog(p).targets().size());
    }

    @Test
    void unverifiedPricesAreCarriedToTheTargetsThatUseThem() {
        TargetCatalog catalog = CostFixtures.catalog();
        assertFalse(CostFixtures.target(catalog, "ec2-c7i.xlarge").pricesVerified());
        assertFalse(CostFixtures.target(catalog, "lmi-c7i").pricesVerified());
        assertTrue(CostFixtures.target(catalog, "ec2-c7g.large").pricesVerified());
        assertTrue(CostFixtures.target(catalog, "lambda-arm64-1769").pricesVerified());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "lambda.request_per_million",
                "lambda.architectures.x86_64.gb_second",
                "lambda.architectures.arm64.hardware.core_factor",
                "lambda.mb_per_vcpu",
                "api_gateway.http_request_per_million",
                "managed_instances.fee_fraction",
                "managed_instances.environment_vcpus",
                "ec2.c7i.sizes.xlarge.hourly",
                "ec2.c7g.sizes.large.vcpus",
                "retrieved",
            })
    void aMissingFieldIsRefusedByName(String path) throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(CostFixtures.pricingJson());
        parentOf(root, path).remove(leaf(path));
        CostInputException e =
                assertThrows(CostInputException.class, () -> PricingFile.parse(root.toString(), "broken.json"));
        assertEquals("broken.json: field \"" + path + "\" is missing", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "lambda.request_per_million",
                "lambda.architectures.arm64.gb_second",
                "api_gateway.http_request_per_million",
                "managed_instances.fee_fraction",
                "managed_instances.request_per_million",
                "ec2.c7i.sizes.xlarge.hourly",
                "ec2.c7g.hardware.core_factor",
            })
    void aNegativePriceIsRefusedByName(String path) throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(CostFixtures.pricingJson());
        parentOf(root, path).put(leaf(path), -0.5);
        CostInputException e =
                assertThrows(CostInputException.class, () -> PricingFile.parse(root.toString(), "broken.json"));
        assertEquals("broken.json: field \"" + path + "\" is negative (-0.5)", e.getMessage());
    }

    @Test
    void aNegativeCountAndAnUnknownIsaAreRefusedByName() throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(CostFixtures.pricingJson());
        parentOf(root, "ec2.c7g.sizes.large.vcpus").put("vcpus", -2);
        CostInputException e =
                assertThrows(CostInputException.class, () -> PricingFile.parse(root.toString(), "broken.json"));
        assertEquals("broken.json: field \"ec2.c7g.sizes.large.vcpus\" is negative (-2)", e.getMessage());

        ObjectNode other = (ObjectNode) JSON.readTree(CostFixtures.pricingJson());
        parentOf(other, "ec2.c7i.hardware.isa").put("isa", "avx1024");
        e = assertThrows(CostInputException.class, () -> PricingFile.parse(other.toString(), "broken.json"));
        assertTrue(
                e.getMessage()
                        .startsWith("broken.json: field \"ec2.c7i.hardware.isa\" is \"avx1024\", not one of [avx512"),
                e.getMessage());
    }

    @Test
    void aPriceGivenAsTextIsRefusedByName() throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(CostFixtures.pricingJson());
        parentOf(root, "api_gateway.http_request_per_million").put("http_request_per_million", "1.00");
        CostInputException e =
                assertThrows(CostInputException.class, () -> PricingFile.parse(root.toString(), "broken.json"));
        assertEquals("broken.json: field \"api_gateway.http_request_per_million\" must be a number", e.getMessage());
    }

    private static ObjectNode parentOf(ObjectNode root, String path) {
        ObjectNode node = root;
        String[] parts = path.split("\\.");
        for (int i = 0; i < parts.length - 1; i++) node = (ObjectNode) node.get(parts[i]);
        return node;
    }

    private static String leaf(String path) {
        return path.substring(path.lastIndexOf('.') + 1);
    }
}
