// TRACKTOP_PHASES: the start-up phase marks the benchmarks print (src/cli/phases.ts). The
// recorder alone, then the built binary's `--once` against the embedded server.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { createPhaseRecorder, PHASES } from '../../src/cli/phases.js';
import { BIN, ROOT } from '../helpers/demo-process.js';
import { withTestServer } from '../helpers/server.js';
import { createTask } from '../helpers/store-fixture.js';

describe('the phase recorder', () => {
  it('writes nothing when TRACKTOP_PHASES is unset or empty', () => {
    const writes: string[] = [];
    for (const file of [undefined, '']) {
      const rec = createPhaseRecorder(
        file,
        () => 1,
        (_f, line) => writes.push(line),
      );
      expect(rec.enabled).toBe(false);
      for (const p of PHASES) rec.mark(p);
    }
    expect(writes).toEqual([]);
  });

  it('writes one line when the frame is marked: each phase first time, in phase order', () => {
    const writes: [string, string][] = [];
    let now = 0;
    const rec = createPhaseRecorder(
      '/tmp/phases.jsonl',
      () => now,
      (file, line) => writes.push([file, line]),
    );
    expect(rec.enabled).toBe(true);
    const at = (ms: number, phase: (typeof PHASES)[number]): void => {
      now = ms;
      rec.mark(phase);
    };
    at(10.04, 'main');
    at(20, 'config');
    at(31, 'login');
    at(30, 'requests');
    at(40, 'requests');
    at(50, 'modules');
    at(45.66, 'tasks');
    expect(writes).toEqual([]);
    at(60, 'frame');
    at(70, 'frame');
    at(80, 'tasks');
    expect(writes).toHaveLength(1);
    const [file, line] = writes[0]!;
    expect(file).toBe('/tmp/phases.jsonl');
    expect(line.endsWith('\n')).toBe(true);
    expect(Object.entries(JSON.parse(line))).toEqual([
      ['main', 10],
      ['config', 20],
      ['requests', 30],
      ['login', 31],
      ['tasks', 45.7],
      ['modules', 50],
      ['frame', 60],
    ]);
  });

  it('a file that cannot be written stops nothing', () => {
    const rec = createPhaseRecorder('/nonexistent-dir/phases', () => 1);
    expect(() => rec.mark('frame')).not.toThrow();
  });
});

describe('TRACKTOP_PHASES with the built binary', () => {
  const server = withTestServer();
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tracktop-phases-'));
    const writer = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
    await createTask(writer, 'phases-task');
    await writer.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--once writes every phase once, in order, each after the ones it waits for', async () => {
    const file = join(dir, 'once.jsonl');
    const args = [
      '--once',
      '--api-host',
      server.url,
      '--access-key',
      server.accessKey,
      '--secret-key',
      server.secretKey,
    ];
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [BIN, ...args],
        { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: dir, TRACKTOP_PHASES: file }, timeout: 20_000 },
        (err, out, errOut) => (err ? reject(new Error(`${err.message}\n${errOut}`)) : resolve(out)),
      );
    });
    expect(stdout).toContain('phases-task');
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const ms = JSON.parse(lines[0]!) as Record<string, number>;
    expect(Object.keys(ms)).toEqual([...PHASES]);
    for (const p of PHASES) expect(ms[p], p).toBeGreaterThan(0);
    // What each phase waits for (login and the module loading run side by side).
    const after: [string, string][] = [
      ['main', 'config'],
      ['config', 'requests'],
      ['config', 'login'],
      ['login', 'tasks'],
      ['requests', 'tasks'],
      ['requests', 'modules'],
      ['tasks', 'frame'],
      ['modules', 'frame'],
    ];
    for (const [a, b] of after) expect(ms[a], `${a} before ${b}`).toBeLessThanOrEqual(ms[b]!);
  });
});
