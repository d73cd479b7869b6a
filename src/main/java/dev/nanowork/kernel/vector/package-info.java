/**
 * The only code that imports {@code jdk.incubator.vector}: the vector kernels, one class per width and
 * number of states written by {@code KernelGenerator} (src/test/java), loaded only after the probe found the module
 * readable, and what keeps C1 away from the kernels' one method.
 */
package dev.nanowork.kernel.vector;
