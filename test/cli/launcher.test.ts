// bin/tracktop.js as users run it (an executable file: sh reads its first lines and starts Node
// with V8's young generation capped) and as `node bin/tracktop.js` runs it (the same program,
// without the cap). What Node was started with is read by a preload given in NODE_OPTIONS.
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
  writeFileSync(preload, 'process.stderr.write(`exec-argv ${JSON.stringify(process.execArgv)}\\n`);\n');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function run(command: string, args: string[]): { status: number | null; stdout: string; execArgv: string[] } {
  const r = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, CI: 'false', NODE_OPTIONS: `--require ${preload}` },
  });
  const line = r.stderr.split('\n').find((l) => l.startsWith('exec-argv '));
  if (line === undefined) throw new Error(`no exec-argv line from ${command}: ${r.stderr}`);
  return { status: r.status, stdout: r.stdout + r.stderr, execArgv: JSON.parse(line.slice('exec-argv '.length)) };
}

describe('bin/tracktop.js', () => {
  it('run as a file, starts Node with the young generation capped', () => {
    const r = run(BIN, ['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^tracktop \d+\.\d+\.\d+/m);
    expect(r.execArgv).toEqual(['--max-semi-space-size=2']);
  });

  it('run by node, is the same program without the cap', () => {
    const r = run(process.execPath, [BIN, '--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^tracktop \d+\.\d+\.\d+/m);
    expect(r.execArgv).toEqual([]);
  });

  it('hands its arguments to the program as they were given', () => {
    const r = run(BIN, ['no such  "command" $HOME']);
    expect(r.status).toBe(2);
    expect(r.stdout).toContain(`unknown command 'no such  "command" $HOME'`);
  });
});
