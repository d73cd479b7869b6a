/**
 * Nano's words and arithmetic, shared by every layer: {@link dev.nanowork.work.Root}, {@link
 * dev.nanowork.work.Work}, a work's value and {@link dev.nanowork.work.Difficulty} (thresholds and
 * multipliers). Depends on nothing of ours.
 */
package dev.nanowork.work;
