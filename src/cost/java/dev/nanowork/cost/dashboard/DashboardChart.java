package dev.nanowork.cost.dashboard;

import dev.nanowork.cost.ChartCanvas;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The dashboard as one PNG, laid out as the Terraform lays out the CloudWatch dashboard (two panels a row, in
 * metrics.json's order): each panel of the functions' metrics a chart of its lines per variant (a colour per line, a
 * dash per variant, a point per period), each panel of AWS's own metrics an empty frame saying why; above them the
 * namespace, the run's time span, the records read and the period.
 */
final class DashboardChart {
    static final int PANEL_WIDTH = 720;
    static final int PANEL_HEIGHT = 460;
    static final int HEADER = 70;
    static final String AWS_ONLY = "AWS's own metrics (%s): CloudWatch draws them for a deployment; records hold none";

    /** One colour per line of a panel (metrics.json's panels have up to seven). */
    static final Color[] LINE_COLOURS = {
        new Color(0x1f5fbf), new Color(0xd9730d), new Color(0x2b8a3e), new Color(0xc92a2a),
        new Color(0x8e44ad), new Color(0x7f5539), new Color(0xd6336c), new Color(0x495057)
    };

    /** One dash per variant: solid, dashed, dotted, dash-dot. */
    private static final float[][] DASHES = {null, {8f, 4f}, {2f, 3f}, {8f, 3f, 2f, 3f}};

    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 18);
    private static final Font SUBTITLE = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Font PANEL_TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 13);
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

    private DashboardChart() {}

    static BufferedImage draw(List<Panels.Panel> panels, EmfRecords records, String namespace) {
        int rows = (panels.size() + 1) / 2;
        BufferedImage image =
                new BufferedImage(2 * PANEL_WIDTH, HEADER + rows * PANEL_HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = ChartCanvas.white(image);
        g.setColor(Color.BLACK);
        g.setFont(TITLE);
        g.drawString("Dashboard drawn from the records' EMF metrics: namespace " + namespace, 16, 28);
        g.setFont(SUBTITLE);
        g.drawString(subtitle(panels, records, namespace), 16, 52);
        for (int i = 0; i < panels.size(); i++) {
            Rectangle2D cell = new Rectangle2D.Double(
                    (i % 2) * PANEL_WIDTH, HEADER + (i / 2) * PANEL_HEIGHT, PANEL_WIDTH, PANEL_HEIGHT);
            Panels.Panel p = panels.get(i);
            if (p.aws() != null) awsOnly(g, p, cell);
            else chart(p, records, namespace).draw(g, cell);
        }
        g.dispose();
        return image;
    }

    static String subtitle(List<Panels.Panel> panels, EmfRecords records, String namespace) {
        long[] span = records.span(namespace);
        long periods = PanelSeries.periods(span[0], span[1]);
        long aws = panels.stream().filter(p -> p.aws() != null).count();
        return String.format(
                Locale.ROOT,
                "%d records (%d other lines passed over), %s to %s UTC (%.1f s): %s; variants %s; %d panels of"
                        + " metrics.json, %d of them AWS's own metrics (empty offline)",
                records.metricLines(),
                records.otherLines(),
                TIME.format(Instant.ofEpochMilli(span[0])),
                TIME.format(Instant.ofEpochMilli(span[1])).substring(11),
                (span[1] - span[0]) / 1000.0,
                periods == 1
                        ? "one " + PanelSeries.PERIOD_MILLIS / 1000 + " s period, one value a line"
                        : periods + " periods of " + PanelSeries.PERIOD_MILLIS / 1000 + " s",
                String.join(", ", records.variants(namespace)),
                panels.size(),
                aws);
    }

    static JFreeChart chart(Panels.Panel panel, EmfRecords records, String namespace) {
        List<PanelSeries.Series> drawn = PanelSeries.of(panel, records, namespace);
        List<String> variants = new ArrayList<>(records.variants(namespace));
        XYSeriesCollection dataset = new XYSeriesCollection();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < drawn.size(); i++) {
            PanelSeries.Series s = drawn.get(i);
            XYSeries xy = new XYSeries(s.label(), true, false);
            s.points().forEach(p -> xy.add(p.seconds(), p.value()));
            dataset.addSeries(xy);
            int line = panel.lines().indexOf(s.line());
            float[] dash = DASHES[variants.indexOf(s.variant()) % DASHES.length];
            renderer.setSeriesPaint(i, s.inNoRecord() ? Color.LIGHT_GRAY : LINE_COLOURS[line % LINE_COLOURS.length]);
            renderer.setSeriesStroke(
                    i, new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f));
            // Later lines smaller and drawn over the earlier: equal values (p50 and p99 of one work, zeros) stay seen.
            double r = Math.max(2, 6 - line);
            renderer.setSeriesShape(i, new Ellipse2D.Double(-r, -r, 2 * r, 2 * r));
        }
        NumberAxis x = new NumberAxis("seconds since " + originTime(records, namespace) + " UTC, a point per "
                + PanelSeries.PERIOD_MILLIS / 1000 + " s period");
        NumberAxis y = new NumberAxis(yLabel(panel));
        y.setAutoRangeIncludesZero(true);
        // Nothing but zeros (no failure, no throttle): 0 to 1, not ticks of 1E-9 around a flat line.
        if (drawn.stream().flatMap(s -> s.points().stream()).allMatch(p -> p.value() == 0)) y.setRange(0, 1);
        x.setAutoRangeMinimumSize(PanelSeries.PERIOD_MILLIS / 1000.0); // one period: its point in the middle
        XYPlot plot = new XYPlot(dataset, x, y, renderer);
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD);
        ChartCanvas.plain(plot);
        JFreeChart chart = new JFreeChart(panel.title(), PANEL_TITLE, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /** What the values are: counts per period, other statistics over each, and the divisor applied, e.g. ÷ 1,000. */
    static String yLabel(Panels.Panel panel) {
        Set<String> counts = new LinkedHashSet<>();
        Set<String> within = new LinkedHashSet<>();
        Set<String> divisors = new LinkedHashSet<>();
        for (Panels.Line l : panel.lines()) {
            (l.stat().counts() ? counts : within).add(l.stat().name());
            if (l.divideBy() != 1) divisors.add(String.format(Locale.ROOT, "÷ %,.0f", l.divideBy()));
        }
        String period = PanelSeries.PERIOD_MILLIS / 1000 + " s period";
        List<String> parts = new ArrayList<>();
        if (!counts.isEmpty()) parts.add(String.join(", ", counts) + " per " + period);
        if (!within.isEmpty()) parts.add(String.join(", ", within) + " over each " + period);
        parts.addAll(divisors);
        return String.join(", ", parts);
    }

    private static String originTime(EmfRecords records, String namespace) {
        return TIME.format(Instant.ofEpochMilli(PanelSeries.origin(records.span(namespace)[0])))
                .substring(11);
    }

    /** A panel of AWS's metrics: its frame, its title and why it is empty. */
    private static void awsOnly(Graphics2D g, Panels.Panel panel, Rectangle2D cell) {
        int x = (int) cell.getX() + 10;
        int y = (int) cell.getY() + 10;
        g.setColor(new Color(0xf1f3f5));
        g.fillRect(x, y, PANEL_WIDTH - 20, PANEL_HEIGHT - 20);
        g.setColor(Color.GRAY);
        g.drawRect(x, y, PANEL_WIDTH - 20, PANEL_HEIGHT - 20);
        g.setColor(Color.BLACK);
        g.setFont(PANEL_TITLE);
        g.drawString(panel.title(), x + 12, y + 24);
        g.setFont(SUBTITLE);
        g.setColor(Color.DARK_GRAY);
        g.drawString(String.format(Locale.ROOT, AWS_ONLY, panel.aws()), x + 12, y + PANEL_HEIGHT / 2);
    }
}
