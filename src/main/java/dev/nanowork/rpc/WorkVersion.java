package dev.nanowork.rpc;

/** A request's {@code version}: absent or {@code work_1}, the only work version nano_node knows. */
final class WorkVersion {
    static final String WORK_1 = "work_1";

    private WorkVersion() {}

    /** The version asked for ({@code work_1} when absent), or {@code Bad work version}. */
    static String of(RpcRequest request) {
        String version = request.text("version", RpcError.BAD_WORK_VERSION).orElse(WORK_1);
        if (!version.equals(WORK_1))
            throw new RpcError(RpcError.BAD_WORK_VERSION, "version must be work_1, was " + RpcError.describe(version));
        return version;
    }
}
