// TRACKTOP_MEMLOG: the monitor's memory samples for long runs (bench/soak.mjs).
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMemLog } from '../../src/cli/memlog.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-memlog-'));
  dirs.push(dir);
  return join(dir, 'mem.jsonl');
}

const samples = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, number>)
    : [];

describe('TRACKTOP_MEMLOG', () => {
  it('appends process.memoryUsage() with its time to the named file, every TRACKTOP_MEMLOG_SECONDS', async () => {
    const file = tempFile();
    const stop = startMemLog({ TRACKTOP_MEMLOG: file, TRACKTOP_MEMLOG_SECONDS: '0.02' });
    try {
      await vi.waitFor(() => expect(samples(file).length).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    } finally {
      stop();
    }
    for (const s of samples(file)) {
      for (const key of ['t', 'rss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers'])
        expect(s[key], key).toBeGreaterThan(0);
    }
    const times = samples(file).map((s) => s.t ?? 0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('writes nothing when the variable is unset or empty', () => {
    const file = tempFile();
    startMemLog({})();
    startMemLog({ TRACKTOP_MEMLOG: '' })();
    expect(existsSync(file)).toBe(false);
  });
});
