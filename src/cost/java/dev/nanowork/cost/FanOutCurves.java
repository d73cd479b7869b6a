package dev.nanowork.cost;

import dev.nanowork.cost.FanOutModel.FanOutEstimate;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The fan-out on the cost chart: for the largest Lambda size of each architecture, the single execution and 4, 8, 16
 * and 32 executions with warm workers, joined by a dashed line (a second dataset over the targets' points): how much
 * sooner a wallet gets its work for how much more.
 */
final class FanOutCurves {
    static final String LABEL = "fan-out, n = 1, 4, 8, 16, 32 and the defaults' n, warm: ";

    private FanOutCurves() {}

    static void add(XYPlot plot, CostReport report) {
        List<FanOutEstimate> rows = report.fanOut();
        int largest = rows.stream()
                .mapToInt(f -> f.single().target().memoryMb())
                .max()
                .orElse(0);
        XYSeriesCollection curves = new XYSeriesCollection();
        for (FanOutEstimate f : rows) {
            Target t = f.single().target();
            if (t.memoryMb() != largest || f.snapStart()) continue;
            String key = LABEL + t.name() + (f.single().modelled() ? CostChart.MODELLED : "");
            if (curves.getSeriesIndex(key) < 0) curves.addSeries(new XYSeries(key, false, true));
            curves.getSeries(key).add(f.meanSeconds(), f.costPerWork() * 1e6);
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < curves.getSeriesCount(); i++) {
            boolean arm = curves.getSeriesKey(i).toString().contains("arm64");
            renderer.setSeriesPaint(i, arm ? new Color(0x2e8b57) : new Color(0x3366cc));
            renderer.setSeriesStroke(
                    i,
                    new BasicStroke(1.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {4f, 3f}, 0f));
            renderer.setSeriesShape(i, new java.awt.geom.Ellipse2D.Double(-2.5, -2.5, 5, 5));
        }
        plot.setDataset(1, curves);
        plot.setRenderer(1, renderer);
    }
}
