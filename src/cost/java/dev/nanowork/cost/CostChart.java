package dev.nanowork.cost;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The report as a PNG: cost per million works against mean latency, both on log scales (they span orders
 * of magnitude across memory sizes and instance types), one filled point per target. A group's points with a rate of
 * their own (measured or given for that target) are solid; its modelled points are pale, with the group's colour as
 * their outline, and their legend entry says "modelled". The kernels measured off AWS (on the CPU each rates line
 * records, which need not be the machine drawing the chart) are solid points of a group of their own, each at the price of
 * the Lambda size it is priced as ({@link LocalPricing}), lettered A, B, ... Each other point carries its row number
 * in the report, and a key beside the plot ({@link ChartKey}) names the target and gives its figures, so that no
 * label has to fit between neighbouring points.
 */
public final class CostChart {
    public static final int WIDTH = 1340;
    public static final int HEIGHT = 760; // room in the key for 32 targets and the kernels measured here

    static final String MODELLED = " (modelled)";
    static final String OWN_RATE = " (measured or given)";
    /** A row a deployed stack ran, drawn from its metrics: solid, larger, outlined in black. */
    static final String MEASURED = " measured on the stack (solid, M1...)";

    private static final Font LABEL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 10);

    private CostChart() {}

    public static void write(CostReport report, Path png) throws IOException {
        ChartCanvas.writePng(ChartKey.draw(report, chart(report), WIDTH, HEIGHT).image(), png);
    }

    static JFreeChart chart(CostReport report) {
        Map<String, XYSeries> series = new LinkedHashMap<>();
        Map<String, Group> groups = new LinkedHashMap<>();
        for (Estimate e : report.estimates()) {
            Group g = Group.of(e.target());
            String key = g.label + (e.modelled() ? MODELLED : OWN_RATE);
            groups.putIfAbsent(key, g);
            series.computeIfAbsent(key, k -> new XYSeries(k, false, true))
                    .add(e.meanSeconds(), e.costPerMillionWorks());
        }
        for (LocalPricing.LocalPoint p : report.localPoints()) {
            String key = Group.THIS_MACHINE.label + " (measured)";
            groups.putIfAbsent(key, Group.THIS_MACHINE);
            series.computeIfAbsent(key, k -> new XYSeries(k, false, true))
                    .add(p.estimate().meanSeconds(), p.estimate().costPerMillionWorks());
        }
        for (CostReport.MeasuredRow m : report.measured()) {
            Group g = Group.of(m.estimate().target()).measured();
            String key = g.label + MEASURED;
            groups.putIfAbsent(key, g);
            series.computeIfAbsent(key, k -> new XYSeries(k, false, true))
                    .add(m.estimate().meanSeconds(), m.estimate().costPerMillionWorks());
        }
        XYSeriesCollection dataset = new XYSeriesCollection();
        series.values().forEach(dataset::addSeries);

        LogAxis x = logAxis("mean latency per work (s), log scale");
        LogAxis y = logAxis("$ per million works, log scale");
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
        renderer.setDrawOutlines(true);
        renderer.setUseOutlinePaint(true);
        renderer.setUseFillPaint(true);
        List<String> keys = List.copyOf(series.keySet());
        for (int i = 0; i < keys.size(); i++) {
            Group g = groups.get(keys.get(i));
            renderer.setSeriesPaint(i, g.color);
            renderer.setSeriesShape(i, g.shape);
            renderer.setSeriesShapesFilled(i, true);
            renderer.setSeriesFillPaint(i, keys.get(i).endsWith(MODELLED) ? g.pale() : g.color);
            renderer.setSeriesOutlinePaint(i, keys.get(i).endsWith(MEASURED) ? Color.BLACK : g.color);
            renderer.setSeriesOutlineStroke(i, new BasicStroke(1.5f));
        }
        XYPlot plot = new XYPlot(dataset, x, y, renderer);
        ChartCanvas.plain(plot);

        ValueMarker limit = new ValueMarker(CostModel.GATEWAY_LIMIT_SECONDS, new Color(0xcc3333), new BasicStroke(1f));
        limit.setLabel("API Gateway 30 s limit");
        limit.setLabelFont(LABEL_FONT);
        limit.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        limit.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
        plot.addDomainMarker(limit);
        FanOutCurves.add(plot, report);

        JFreeChart chart = new JFreeChart(
                "Cost per work against latency, " + report.difficulty().label(),
                new Font(Font.SANS_SERIF, Font.BOLD, 15),
                plot,
                true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.addSubtitle(new TextTitle(
                ChartCaptions.measuredOrNot(report) + "; EC2, Managed Instances busy all the time; "
                        + report.pricing().region() + " prices of "
                        + report.pricing().retrieved(),
                new Font(Font.SANS_SERIF, Font.PLAIN, 11)));
        if (!report.localPoints().isEmpty())
            chart.addSubtitle(
                    new TextTitle(ChartCaptions.measuredHere(report), new Font(Font.SANS_SERIF, Font.PLAIN, 11)));
        return chart;
    }

    private static LogAxis logAxis(String label) {
        LogAxis axis = new ReadableLogAxis(label);
        axis.setLowerMargin(0.05);
        axis.setUpperMargin(0.08); // room for the numbers right of the rightmost points
        return axis;
    }

    /**
     * A log axis ticked at 1, 2, 3 and 5 times each power of ten, so a reader sees round dollars and seconds
     * (JFreeChart's own log axes tick at 10^(k/10) or label only the decades).
     */
    static final class ReadableLogAxis extends LogAxis {
        private static final long serialVersionUID = 1L;
        private static final int[] STEPS = {1, 2, 3, 5};

        ReadableLogAxis(String label) {
            super(label);
        }

        @Override
        @SuppressWarnings("rawtypes")
        protected List refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
            return ticks(TextAnchor.TOP_CENTER);
        }

        @Override
        @SuppressWarnings("rawtypes")
        protected List refreshTicksVertical(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
            return ticks(TextAnchor.CENTER_RIGHT);
        }

        private List<ValueTick> ticks(TextAnchor anchor) {
            DecimalFormat format = new DecimalFormat("#,##0.###");
            Range range = getRange();
            List<ValueTick> ticks = new ArrayList<>();
            for (int decade = (int) Math.floor(Math.log10(range.getLowerBound()));
                    decade <= Math.ceil(Math.log10(range.getUpperBound()));
                    decade++) {
                for (int step : STEPS) {
                    double value = step * Math.pow(10, decade);
                    if (range.contains(value))
                        ticks.add(new NumberTick(TickType.MAJOR, value, format.format(value), anchor, anchor, 0));
                }
            }
            return ticks;
        }
    }

    record Group(String label, Color color, Shape shape) {
        /** The kernels measured here: a colour and a shape no target group has. */
        static final Group THIS_MACHINE = new Group(
                "Measured kernels, Lambda " + LocalPricing.ARCHITECTURE + " price", new Color(0x0b7285), triangle());

        /** The same group's measured points: a larger star of its colour. */
        Group measured() {
            return new Group(label, color, star());
        }

        /** The fill of a modelled point: the group's colour mixed with two parts white. */
        Color pale() {
            return new Color(
                    (color.getRed() + 2 * 255) / 3, (color.getGreen() + 2 * 255) / 3, (color.getBlue() + 2 * 255) / 3);
        }

        static Group of(Target t) {
            boolean arm = t.hardware().isa().arm64();
            return switch (t.kind()) {
                case LAMBDA ->
                    arm
                            ? new Group("Lambda arm64", new Color(0x2b8a3e), new Ellipse2D.Double(-5, -5, 10, 10))
                            : new Group("Lambda x86_64", new Color(0x1f5fbf), new Ellipse2D.Double(-5, -5, 10, 10));
                case MANAGED_INSTANCES -> new Group("Managed Instances", new Color(0x8e44ad), diamond());
                case EC2 ->
                    arm
                            ? new Group("EC2 arm64", new Color(0xd9730d), new Rectangle2D.Double(-4.5, -4.5, 9, 9))
                            : new Group("EC2 x86_64", new Color(0x7f5539), new Rectangle2D.Double(-4.5, -4.5, 9, 9));
            };
        }

        private static Shape triangle() {
            Path2D.Double t = new Path2D.Double();
            t.moveTo(0, -6);
            t.lineTo(6, 5);
            t.lineTo(-6, 5);
            t.closePath();
            return t;
        }

        private static Shape star() {
            Path2D.Double star = new Path2D.Double();
            for (int i = 0; i < 10; i++) {
                double r = i % 2 == 0 ? 9 : 4;
                double a = Math.PI / 5 * i - Math.PI / 2;
                if (i == 0) star.moveTo(r * Math.cos(a), r * Math.sin(a));
                else star.lineTo(r * Math.cos(a), r * Math.sin(a));
            }
            star.closePath();
            return star;
        }

        private static Shape diamond() {
            Path2D.Double d = new Path2D.Double();
            d.moveTo(0, -6);
            d.lineTo(6, 0);
            d.lineTo(0, 6);
            d.lineTo(-6, 0);
            d.closePath();
            return d;
        }
    }
}
