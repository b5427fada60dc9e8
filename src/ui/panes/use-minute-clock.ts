// The time, moving only when the minute changes: a pane showing durations and ages renders
// once a minute at most, never per second.
import { useEffect, useState } from 'react';
import { nextMinute } from '../../text/run-info.js';

export function useMinuteClock(now: () => number = Date.now): number {
  const [time, setTime] = useState(() => now());
  useEffect(() => {
    const delay = Math.max(1, nextMinute(time) - now());
    const timer = setTimeout(() => setTime(now()), delay);
    return () => clearTimeout(timer);
  }, [time, now]);
  return time;
}
