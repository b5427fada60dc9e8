// Compare mode's last / min / max per task for one metric, with the best task marked: the
// lowest for metrics that fall as they improve (loss, error, perplexity, ...), else the
// highest. min and max come from the tasks' `last_metrics` (min_value / max_value), which
// real servers keep for every series whatever its sign.

/** min / max of a series per task: ranges[taskId][metric][variant]. */
export type SeriesRanges = Record<string, Record<string, Record<string, { min: number | null; max: number | null }>>>;

const LOWER_IS_BETTER = /loss|err|mse|mae|rmse|perplexity|ppl|wer|cer|nll|distance|regret|latency|time|lr$/i;

/** True when a smaller value is the better one for this series (by its name). */
export function lowerIsBetter(metric: string, variant: string): boolean {
  return LOWER_IS_BETTER.test(metric) || LOWER_IS_BETTER.test(variant);
}

/** Index of the best finite value (ties: the first), or -1 with fewer than two values to compare. */
export function bestIndex(values: readonly (number | null)[], lower: boolean): number {
  let best = -1;
  let finite = 0;
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) return;
    finite++;
    const current = best < 0 ? null : (values[best] as number);
    if (current === null || (lower ? v < current : v > current)) best = i;
  });
  return finite >= 2 ? best : -1;
}

interface StatLine {
  stat: 'last' | 'min' | 'max';
  values: (number | null)[];
  /** The marked task's index, or -1. */
  best: number;
}

/** The three lines of one series: last, min and max per task, each with its best marked. */
export function statLines(
  metric: string,
  variant: string,
  last: readonly (number | null)[],
  taskIds: readonly string[],
  ranges: SeriesRanges,
): StatLine[] {
  const lower = lowerIsBetter(metric, variant);
  const range = (id: string) => ranges[id]?.[metric]?.[variant];
  const min = taskIds.map((id) => range(id)?.min ?? null);
  const max = taskIds.map((id) => range(id)?.max ?? null);
  return [
    { stat: 'last', values: [...last], best: bestIndex(last, lower) },
    { stat: 'min', values: min, best: lower ? bestIndex(min, true) : -1 },
    { stat: 'max', values: max, best: lower ? -1 : bestIndex(max, false) },
  ];
}
