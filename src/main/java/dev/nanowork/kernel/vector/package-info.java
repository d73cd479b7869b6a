/**
 * The only code that imports {@code jdk.incubator.vector}: the vector kernels, one class per vector variant of
 * {@code KernelVariant}, written by {@code KernelGenerator} (src/generator/java) with their factory
 * ({@code VectorVariants}); {@link dev.nanowork.kernel.vector.VectorKernels}, the door, is loaded only after the probe
 * found the module readable; and what keeps C1 away from the kernels' round methods.
 */
package dev.nanowork.kernel.vector;
