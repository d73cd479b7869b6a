package dev.nanowork.config;

import io.smallrye.config.WithDefault;
import java.util.Optional;

/**
 * {@code nano-work.metrics.*}: where the metrics of each request's record go (observe.Metric, the Embedded Metric
 * Format on stdout). Terraform sets both per deployment and variant; self-hosted, the defaults name it.
 */
public interface MetricsConfig {
    /**
     * The CloudWatch namespace ({@code NANO_WORK_METRICS_NAMESPACE}): one per deployment, so that two stacks in one
     * account keep their metrics apart.
     */
    @WithDefault("NanoWork")
    String namespace();

    /**
     * The variant this function is part of ({@code NANO_WORK_METRICS_VARIANT}): the metrics' Variant dimension. Unset,
     * on Lambda its architecture as Lambda names it ({@code x86_64}, {@code arm64}: the stack's variant names), else
     * {@code self-hosted} (observe.RecordWriter#variant).
     */
    Optional<String> variant();
}
