/**
 * The BLAKE2b work kernels and their selection: the scalar reference, the choice of kernel at start-up
 * from the one probe of the JVM and CPU ({@link dev.nanowork.kernel.JvmProbe}), warm-up and threads. Only
 * its {@code vector} package touches {@code jdk.incubator.vector}.
 */
package dev.nanowork.kernel;
