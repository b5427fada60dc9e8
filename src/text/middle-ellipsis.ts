// Shortening in the middle: run names often differ only at the end (seed, lr), so both ends
// stay visible and the cut goes between them.
import { clustersOf } from './columns.js';
import { displayWidth } from './width.js';

type Cluster = { text: string; width: number };

/**
 * `text` (no escape sequences) in at most `maxWidth` columns: unchanged when it fits, else its
 * start, `ellipsis`, and its end, the start getting the odd column. Wide characters are never
 * split; a cluster that would overflow is left out.
 */
export function middleEllipsis(text: string, maxWidth: number, ellipsis = '…'): string {
  const limit = Math.max(0, Math.floor(maxWidth));
  if (displayWidth(text) <= limit) return text;
  const mark = displayWidth(ellipsis) <= limit ? ellipsis : '';
  const budget = limit - displayWidth(mark);
  const parts: Cluster[] = [...clustersOf(text)];
  const headBudget = Math.ceil(budget / 2);
  let head = '';
  let used = 0;
  let i = 0;
  for (; i < parts.length; i++) {
    const part = parts[i] as Cluster;
    if (used + part.width > headBudget) break;
    head += part.text;
    used += part.width;
  }
  let tail = '';
  for (let j = parts.length - 1; j >= i; j--) {
    const part = parts[j] as Cluster;
    if (used + part.width > budget) break;
    tail = part.text + tail;
    used += part.width;
  }
  return head + mark + tail;
}
