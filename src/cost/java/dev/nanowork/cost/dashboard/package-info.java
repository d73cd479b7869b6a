/**
 * The dashboard drawn offline (infra/dashboard.sh): the metrics CloudWatch would extract from a file of the functions'
 * records (their Embedded Metric Format lines), each panel of terraform/modules/work-observe/metrics.json computed
 * from them as CloudWatch computes its statistics, and drawn as a PNG. Part of the cost tools' source set, so that it
 * stays out of function.zip; it reads the records as JSON, by the names their own {@code _aws} metadata gives.
 */
package dev.nanowork.cost.dashboard;
