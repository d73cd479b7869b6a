package dev.nanowork.cost;

/** A pricing, rates or difficulty input the cost model refuses; the message names the file and the field. */
public final class CostInputException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public CostInputException(String message) {
        super(message);
    }
}
