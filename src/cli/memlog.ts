// TRACKTOP_MEMLOG=FILE: the monitor appends its process.memoryUsage() to FILE every few seconds,
// one JSON object a line, so that a long run's memory can be followed from outside without an
// inspector (bench/soak.mjs reads it). Off unless the variable names a file.
import { appendFile } from 'node:fs';

/** Seconds between samples; TRACKTOP_MEMLOG_SECONDS changes it. */
const DEFAULT_EVERY_SECONDS = 10;

/** Starts the samples when `env` asks for them; returns what stops them. */
export function startMemLog(env: NodeJS.ProcessEnv): () => void {
  const file = env.TRACKTOP_MEMLOG;
  if (file === undefined || file === '') return () => undefined;
  const seconds = Number(env.TRACKTOP_MEMLOG_SECONDS);
  const everyMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_EVERY_SECONDS) * 1000;
  const sample = () => {
    const line = JSON.stringify({ t: Date.now(), ...process.memoryUsage() });
    // A sample that cannot be written is lost; the monitor goes on.
    appendFile(file, `${line}\n`, () => undefined);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  // Quitting never waits for the next sample.
  timer.unref();
  return () => clearInterval(timer);
}
