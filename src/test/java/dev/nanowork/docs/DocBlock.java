package dev.nanowork.docs;

/**
 * One part of a document that {@code infra/docs.sh} writes from the code or the Terraform.
 *
 * @param file the document, relative to the project (README.md, docs/deploy.md, terraform/README.md, ...)
 * @param name the block's name in its markers (a-z, 0-9, -)
 * @param source what it is generated from, for the reader of the Markdown (a file or a class)
 * @param content what lies between the markers: a figure inside a sentence, or whole lines (then starting and ending
 *     with a line break)
 */
public record DocBlock(String file, String name, String source, String content) {
    public DocBlock {
        if (!name.matches("[a-z0-9-]+")) throw new IllegalArgumentException("block names are a-z, 0-9, -: " + name);
    }

    /** A block of whole lines: the markers on lines of their own around {@code lines}. */
    public static DocBlock lines(String file, String name, String source, String lines) {
        return new DocBlock(file, name, source, "\n" + lines.strip() + "\n");
    }
}
