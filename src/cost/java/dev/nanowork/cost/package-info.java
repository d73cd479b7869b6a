/**
 * The cost report (infra/cost.sh), an operator tool that never runs in Lambda: cost per work across
 * Lambda, Lambda Managed Instances and EC2 from measured rates and a pricing file, written as Markdown,
 * CSV and a chart. Its own source set (src/cost/java), compiled and tested with the test sources so that
 * it stays out of function.zip; uses {@code work} only.
 */
package dev.nanowork.cost;
