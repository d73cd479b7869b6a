package dev.nanowork.kernel;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;

/** The bytecode length of each method of a class, read with the JDK's {@code javap}. */
final class BytecodeSizes {
    /**
     * A member's declaration line in {@code javap -c -p}: a method's name before its parameter list (a field and
     * {@code static {};}, the class initialiser, have none).
     */
    private static final Pattern MEMBER = Pattern.compile("^  \\S.*?(?:([\\w$]+)\\(.*\\))?;$");

    /** An instruction line: its offset and opcode. */
    private static final Pattern INSTRUCTION = Pattern.compile("^\\s+(\\d+): (\\w+)");

    private BytecodeSizes() {}

    /**
     * {@code Class.method} to bytecode length for every method of {@code className} that has code, from the offset of
     * its last instruction, a one-byte return or {@code athrow} (javac ends every method so).
     */
    static Map<String, Integer> of(String className) {
        StringWriter out = new StringWriter();
        String classPath = System.getProperty("java.class.path");
        int status = ToolProvider.findFirst("javap")
                .orElseThrow(() -> new IllegalStateException("this JDK has no javap"))
                .run(new PrintWriter(out), new PrintWriter(out), "-c", "-p", "-cp", classPath, className);
        if (status != 0) throw new IllegalStateException("javap " + className + ": " + out);
        String simpleName = className.substring(className.lastIndexOf('.') + 1);
        Map<String, Integer> sizes = new TreeMap<>();
        String method = null;
        int lastOffset = -1;
        String lastOpcode = null;
        for (String line : (out + "\n  }").split("\n")) {
            Matcher m = MEMBER.matcher(line);
            Matcher i = INSTRUCTION.matcher(line);
            if (i.find()) {
                lastOffset = Integer.parseInt(i.group(1));
                lastOpcode = i.group(2);
            } else if (m.find() || line.equals("}") || line.equals("  }")) {
                if (method != null && lastOpcode != null) {
                    if (!lastOpcode.endsWith("return") && !lastOpcode.equals("athrow"))
                        throw new IllegalStateException(method + " ends on " + lastOpcode);
                    sizes.put(simpleName + "." + method, lastOffset + 1);
                }
                method = !m.matches()
                        ? null
                        : m.group(1) != null ? m.group(1) : line.equals("  static {};") ? "<clinit>" : null;
                lastOpcode = null;
            }
        }
        return sizes;
    }
}
