package dev.nanowork.cost;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;

/**
 * Draws the chart with every point numbered (its row in the report, as in the Markdown table), the measured kernels
 * lettered (A, B, ... as in the Markdown table's first section), and a key beside the plot. Targets of one family sit close together (EC2 sizes, Managed Instances), where names could not fit, so each
 * point gets a number only, placed at the nearest of a ring of places around it that covers no other number, no
 * point and nothing outside the plot; a number set away from its point gets a leader line.
 */
final class ChartKey {
    static final int KEY_WIDTH = 350;
    private static final double POINT_RADIUS = 7;
    private static final double[] DISTANCES = {9, 15, 22, 30, 40, 52};
    private static final double[][] DIRECTIONS = {{1, 0}, {-1, 0}, {0, -1}, {0, 1}, {1, -1}, {1, 1}, {-1, -1}, {-1, 1}};
    private static final Font NUMBER_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 11);
    private static final Font KEY_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final Font KEY_HEADER_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 11);

    private ChartKey() {}

    /** The image, and where its numbers and points landed (for the tests: nothing overlaps). */
    record Drawn(BufferedImage image, List<Rectangle2D> numbers, List<Rectangle2D> points, Rectangle2D plotArea) {}

    static Drawn draw(CostReport report, JFreeChart chart, int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = ChartCanvas.white(image);
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g, new Rectangle2D.Double(0, 0, width - KEY_WIDTH, height), info);
        Rectangle2D area = info.getPlotInfo().getDataArea();

        XYPlot plot = chart.getXYPlot();
        List<Estimate> estimates = new ArrayList<>(report.estimates());
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < estimates.size(); i++) labels.add(Integer.toString(i + 1));
        for (int i = 0; i < report.localPoints().size(); i++) {
            estimates.add(report.localPoints().get(i).estimate());
            labels.add(letter(i));
        }
        for (int i = 0; i < report.measured().size(); i++) {
            estimates.add(report.measured().get(i).estimate());
            labels.add("M" + (i + 1));
        }
        List<Point2D> centres = new ArrayList<>();
        List<Rectangle2D> points = new ArrayList<>();
        for (Estimate e : estimates) {
            double x = plot.getDomainAxis().valueToJava2D(e.meanSeconds(), area, plot.getDomainAxisEdge());
            double y = plot.getRangeAxis().valueToJava2D(e.costPerMillionWorks(), area, plot.getRangeAxisEdge());
            centres.add(new Point2D.Double(x, y));
            points.add(new Rectangle2D.Double(x - POINT_RADIUS, y - POINT_RADIUS, 2 * POINT_RADIUS, 2 * POINT_RADIUS));
        }

        g.setFont(NUMBER_FONT);
        FontMetrics fm = g.getFontMetrics();
        Rectangle2D[] numbers = new Rectangle2D[estimates.size()];
        List<Rectangle2D> taken = new ArrayList<>(points);
        // The most crowded points choose first, while their nearest places are still free.
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < estimates.size(); i++) order.add(i);
        order.sort(
                Comparator.comparingInt((Integer i) -> -neighbours(centres, i)).thenComparingInt(i -> i));
        for (int i : order) {
            String text = labels.get(i);
            Placed placed = place(centres.get(i), fm.stringWidth(text) + 2, fm.getAscent(), area, taken);
            Rectangle2D box = placed.box();
            numbers[i] = box;
            taken.add(box);
            Point2D c = centres.get(i);
            if (placed.ring() >= 2) {
                g.setColor(Color.GRAY);
                g.setStroke(new BasicStroke(0.8f));
                g.draw(new Line2D.Double(c.getX(), c.getY(), box.getCenterX(), box.getCenterY()));
            }
        }
        for (int i = 0; i < numbers.length; i++) {
            String text = labels.get(i);
            g.setColor(Color.WHITE);
            g.fill(numbers[i]);
            g.setColor(Color.BLACK);
            g.drawString(text, (float) numbers[i].getX() + 1, (float) (numbers[i].getMaxY() - 1));
        }
        key(g, report, width - KEY_WIDTH + 12, (int) area.getY());
        g.dispose();
        return new Drawn(image, List.of(numbers), List.copyOf(points), area);
    }

    /** The label of the {@code i}th kernel measured here: A, B, ... */
    static String letter(int i) {
        return String.valueOf((char) ('A' + i));
    }

    /** Other points within 40 pixels of point {@code i} (two points may lie on the same spot: each counts). */
    private static int neighbours(List<Point2D> centres, int i) {
        int n = 0;
        for (int j = 0; j < centres.size(); j++) if (j != i && centres.get(j).distance(centres.get(i)) < 40) n++;
        return n;
    }

    /** A number's box and the ring (index into {@link #DISTANCES}) it was found on. */
    private record Placed(Rectangle2D box, int ring) {}

    /** The first free box of the given size in rings around {@code c}; the least crowded one when none is free. */
    private static Placed place(Point2D c, double w, double h, Rectangle2D area, List<Rectangle2D> taken) {
        Placed best = null;
        int bestHits = Integer.MAX_VALUE;
        for (int ring = 0; ring < DISTANCES.length; ring++) {
            double d = DISTANCES[ring];
            for (double[] dir : DIRECTIONS) {
                double x = c.getX() + dir[0] * d + (dir[0] < 0 ? -w : dir[0] == 0 ? -w / 2 : 0);
                double y = c.getY() + dir[1] * d + (dir[1] < 0 ? -h : dir[1] == 0 ? -h / 2 : 0);
                Rectangle2D box = new Rectangle2D.Double(x, y, w, h);
                if (!area.contains(box)) continue;
                int hits = 0;
                for (Rectangle2D t : taken) if (t.intersects(box)) hits++;
                if (hits == 0) return new Placed(box, ring);
                if (hits < bestHits) {
                    best = new Placed(box, ring);
                    bestHits = hits;
                }
            }
        }
        return best != null
                ? best
                : new Placed(new Rectangle2D.Double(c.getX() + DISTANCES[0], c.getY() - h / 2, w, h), 0);
    }

    /** The key: number, target, mean latency and cost per million works, marked as the Markdown table marks them. */
    private static void key(Graphics2D g, CostReport report, int left, int top) {
        int[] columns = {left, left + 24, left + 166, left + 230};
        int row = 16;
        int y = top + 12;
        g.setFont(KEY_HEADER_FONT);
        g.setColor(Color.BLACK);
        String[] header = {"#", "target", "mean s", "$ per 1M"};
        for (int c = 0; c < header.length; c++) g.drawString(header[c], columns[c], y);
        g.setFont(KEY_FONT);
        int n = 1;
        for (Estimate e : report.estimates()) {
            y += row;
            String m = e.modelled() ? MarkdownTable.MODELLED : "";
            String u = e.target().pricesVerified() ? "" : MarkdownTable.UNVERIFIED;
            g.setColor(CostChart.Group.of(e.target()).color());
            g.drawString(Integer.toString(n++), columns[0], y);
            g.setColor(Color.BLACK);
            g.drawString(e.target().name(), columns[1], y);
            g.drawString(Figures.sig3(e.meanSeconds()) + m, columns[2], y);
            g.drawString(Figures.dollars(e.costPerMillionWorks()) + m + u, columns[3], y);
        }
        if (!report.localPoints().isEmpty()) {
            y += row + 4;
            g.setFont(KEY_HEADER_FONT);
            g.drawString("measured kernels, priced as " + ChartCaptions.pricedAs(report), left, y);
            g.setFont(KEY_FONT);
        }
        int letter = 0;
        for (LocalPricing.LocalPoint p : report.localPoints()) {
            y += row;
            g.setColor(CostChart.Group.THIS_MACHINE.color());
            g.drawString(letter(letter++), columns[0], y);
            g.setColor(Color.BLACK);
            g.drawString(p.rate().target(), columns[1], y);
            g.drawString(Figures.sig3(p.estimate().meanSeconds()), columns[2], y);
            g.drawString(Figures.dollars(p.estimate().costPerMillionWorks()), columns[3], y);
        }
        if (!report.measured().isEmpty()) {
            y += row + 4;
            g.setFont(KEY_HEADER_FONT);
            g.drawString("measured on a deployed stack (its metrics)", left, y);
            g.setFont(KEY_FONT);
        }
        int measured = 1;
        for (CostReport.MeasuredRow m : report.measured()) {
            y += row;
            g.setColor(CostChart.Group.of(m.estimate().target()).color());
            g.drawString("M" + measured++, columns[0], y);
            g.setColor(Color.BLACK);
            g.drawString(m.estimate().target().name(), columns[1], y);
            g.drawString(Figures.sig3(m.estimate().meanSeconds()), columns[2], y);
            g.drawString(Figures.dollars(m.estimate().costPerMillionWorks()), columns[3], y);
        }
        y += row + 4;
        g.setColor(Color.DARK_GRAY);
        if (report.anyModelled()) {
            g.drawString(MarkdownTable.MODELLED + " modelled hash rate", left, y);
            y += row;
        }
        if (report.anyUnverifiedPrice()) g.drawString(MarkdownTable.UNVERIFIED + " unverified price", left, y);
    }
}
