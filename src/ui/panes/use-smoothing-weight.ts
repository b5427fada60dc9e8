// The EMA weight of the smoothing level the `s` key picked (0 = off), shared by every chart pane.
import { SMOOTHING_LEVELS } from '../../store/types.js';
import { useMonitor } from '../context.js';

export function useSmoothingWeight(): number {
  return useMonitor((s) => SMOOTHING_LEVELS[s.ui.smoothing] ?? 0);
}
