package dev.nanowork.search;

/**
 * Why a {@code work_precache} was not taken (no precache on this deployment, its bounds reached, the record out of
 * reach): nothing was started, and the wallet's later {@code work_generate} searches as it would have.
 */
public final class PrecacheRefusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PrecacheRefusal(String message) {
        super(message, null, false, false);
    }
}
