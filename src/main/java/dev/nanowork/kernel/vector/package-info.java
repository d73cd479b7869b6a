/**
 * The only code that imports {@code jdk.incubator.vector}: the vector kernels, one generated class per
 * width from src/main/vector-templates, loaded only after the probe found the module readable.
 */
package dev.nanowork.kernel.vector;
