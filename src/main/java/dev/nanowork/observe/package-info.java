/**
 * What a deployment shows of itself: the metrics every request and worker invocation reports ({@link
 * dev.nanowork.observe.Metric}, one place for their names, units and the two dimensions) and the one structured line
 * each writes at its end, which is at once its record and its metrics in CloudWatch's Embedded Metric Format ({@link
 * dev.nanowork.observe.EmfLine}): no API call, no layer writing its own metric lines.
 */
package dev.nanowork.observe;
