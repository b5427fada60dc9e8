// Where the log search's match stands among the matching lines the log window holds: the
// logs pane's "match 2/3" (the window is bounded, so a count over part of a log says so).
import type { LogMatcher } from './log-query.js';

export interface MatchPosition {
  /** 1-based, counted from the oldest matching line held; null when no match is shown. */
  ordinal: number | null;
  /** Matching lines held. */
  count: number;
}

/** Counts the lines `test` holds for, and the place among them of the line with id `matchId`. */
export function matchPosition(
  lines: readonly { id: number; plain: string }[],
  test: LogMatcher,
  matchId: number | null,
): MatchPosition {
  let count = 0;
  let ordinal: number | null = null;
  for (const line of lines) {
    if (!test(line.plain)) continue;
    count++;
    if (line.id === matchId) ordinal = count;
  }
  return { ordinal, count };
}
