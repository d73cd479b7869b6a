package dev.nanowork.cost;

/**
 * The hash rate the model uses for one target, whether it rests on a model rather than a measurement,
 * and how it was obtained (shown beside every figure that uses it).
 */
public record ResolvedRate(double mhs, boolean modelled, String basis) {}
