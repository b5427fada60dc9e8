// The time for the run-info pane, moving only when its text would change (a duration or an
// age reaching another whole minute): at most a render or two a minute, never per second.
import { useEffect, useState } from 'react';
import { nextInfoChange, type RunInfo } from '../../text/run-info.js';

export function useInfoClock(info: RunInfo | null, now: () => number = Date.now): number {
  const [time, setTime] = useState(() => now());
  useEffect(() => {
    const next = info === null ? null : nextInfoChange(info, time);
    if (next === null) return undefined;
    const timer = setTimeout(() => setTime(now()), Math.max(1, next - now()));
    return () => clearTimeout(timer);
  }, [info, time, now]);
  return time;
}
