// bin/tracktop.js as users run it (an executable file: sh reads its first lines and starts Node
// with V8's young generation capped and glibc's mmap threshold fixed) and as `node bin/tracktop.js`
// runs it (the same program, without them). What Node was started with is read by a preload
// given in NODE_OPTIONS.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/demo-process.js';

let dir: string;
let preload: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tracktop-launcher-'));
  preload = join(dir, 'exec-argv.cjs');
  writeFileSync(
    preload,
    'process.stderr.write(`exec-argv ${JSON.stringify([process.execArgv, process.env.MALLOC_MMAP_THRESHOLD_ ?? null])}\\n`);\n',
  );
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Started {
  status: number | null;
  stdout: string;
  execArgv: string[];
  /** MALLOC_MMAP_THRESHOLD_ as Node saw it. */
  mmapThreshold: string | null;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Started {
  const inherited = { ...process.env };
  delete inherited.MALLOC_MMAP_THRESHOLD_;
  const r = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...inherited, CI: 'false', NODE_OPTIONS: `--require ${preload}`, ...env },
  });
  const line = r.stderr.split('\n').find((l) => l.startsWith('exec-argv '));
  if (line === undefined) throw new Error(`no exec-argv line from ${command}: ${r.stderr}`);
  const [execArgv, mmapThreshold] = JSON.parse(line.slice('exec-argv '.length)) as [string[], string | null];
  return { status: r.status, stdout: r.stdout + r.stderr, execArgv, mmapThreshold };
}

describe('bin/tracktop.js', () => {
  it('run as a file, starts Node with the young generation capped and a fixed mmap threshold', () => {
    const r = run(BIN, ['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^tracktop \d+\.\d+\.\d+/m);
    expect(r.execArgv).toEqual(['--max-semi-space-size=2']);
    expect(r.mmapThreshold).toBe(String(4 * 1024 * 1024));
  });

  it("run as a file, keeps the user's own mmap threshold", () => {
    const r = run(BIN, ['--version'], { MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(r.status).toBe(0);
    expect(r.mmapThreshold).toBe('65536');
  });

  it('run by node, is the same program without either', () => {
    const r = run(process.execPath, [BIN, '--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^tracktop \d+\.\d+\.\d+/m);
    expect(r.execArgv).toEqual([]);
    expect(r.mmapThreshold).toBeNull();
  });

  it('hands its arguments to the program as they were given', () => {
    const r = run(BIN, ['no such  "command" $HOME']);
    expect(r.status).toBe(2);
    expect(r.stdout).toContain(`unknown command 'no such  "command" $HOME'`);
  });
});
