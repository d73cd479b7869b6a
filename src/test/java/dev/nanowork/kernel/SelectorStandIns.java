package dev.nanowork.kernel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** What {@link KernelSelectorTest} hands the selector in place of real kernels and a real race. */
final class SelectorStandIns {
    private SelectorStandIns() {}

    /** Builds a stand-in for each named kernel, recording which names were asked for. */
    static final class Factory implements Function<KernelVariant, WorkKernel> {
        final List<String> asked = new ArrayList<>();

        @Override
        public WorkKernel apply(KernelVariant variant) {
            asked.add(variant.wireName());
            return new WorkKernel() {
                @Override
                public String name() {
                    return variant.wireName();
                }

                @Override
                public int lanes() {
                    return variant.lanes();
                }

                @Override
                public int states() {
                    return variant.states();
                }

                @Override
                public RootSearch forRoot(dev.nanowork.work.Root root) {
                    throw new UnsupportedOperationException("a stand-in: only its name and shape are used");
                }
            };
        }
    }

    /** A timer that answers fixed rates and records what it timed. */
    static final class Rates implements KernelSelector.Timer {
        final Map<String, Double> rates;
        final List<String> timed = new ArrayList<>();

        Rates(Map<String, Double> rates) {
            this.rates = rates;
        }

        @Override
        public Map<String, Double> rates(List<WorkKernel> kernels) {
            Map<String, Double> out = new LinkedHashMap<>();
            for (WorkKernel k : kernels) {
                timed.add(k.name());
                out.put(k.name(), rates.getOrDefault(k.name(), 1.0));
            }
            return out;
        }
    }
}
