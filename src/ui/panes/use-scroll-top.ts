// The first visible row of a list whose selection must stay on screen; remembered between
// renders so the list scrolls only when the selection would leave the pane.
import { useRef } from 'react';
import { followSelection } from '../cells.js';

export function useScrollTop(selected: number, rows: number, count: number): number {
  const top = useRef(0);
  top.current = followSelection(top.current, selected, rows, count);
  return top.current;
}
