package dev.nanowork.cost;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.jfree.chart.plot.XYPlot;

/**
 * What the operator tools' charts share (the cost chart, the dashboard drawn from records): a white, antialiased
 * canvas, a white plot with light grid lines, and the PNG they end as.
 */
public final class ChartCanvas {
    private static final Color GRID = new Color(0xdddddd);

    private ChartCanvas() {}

    /** A white image of the given size and its graphics, antialiased for lines and text. */
    public static Graphics2D white(BufferedImage image) {
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        return g;
    }

    /** A white plot area with light grid lines, so that the points and lines are what the eye finds. */
    public static void plain(XYPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
    }

    public static void writePng(BufferedImage image, Path png) throws IOException {
        ImageIO.write(image, "png", png.toFile());
    }
}
