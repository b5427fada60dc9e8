// The first visible row of a list whose selection must stay on screen; remembered between
// renders so the list scrolls only when the selection would leave the pane.
import { useState } from 'react';
import { followSelection } from '../cells.js';

export function useScrollTop(selected: number, rows: number, count: number): number {
  const [top, setTop] = useState(0);
  const next = followSelection(top, selected, rows, count);
  // Adjusting state while rendering (React's pattern for state derived from earlier renders):
  // React renders again at once, before anything is committed or written.
  if (next !== top) setTop(next);
  return next;
}
