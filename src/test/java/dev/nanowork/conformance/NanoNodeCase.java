package dev.nanowork.conformance;

/**
 * One request of nano_node's RPC tests and the answer it must get here.
 *
 * @param test where it comes from: the {@code TEST (rpc, ...)} of nano/rpc_test/rpc.cpp, or the json_handler.cpp
 *     function whose order or string it checks
 * @param name what this request is, within its test
 * @param difference null when the answer is nano_node's; else why this endpoint answers otherwise on purpose
 */
record NanoNodeCase(String test, String name, String request, Expect expect, String difference) {
    /** The case's name in docs/endpoint.md. */
    String title() {
        return test + ": " + name;
    }
}
