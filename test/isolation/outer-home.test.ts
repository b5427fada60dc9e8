// Someone who uses tracktop and then runs the tests: their ~/.config/tracktop/state.json holds
// metric columns (what `M` saves), their ~/clearml.conf and CLEARML_* variables name a server.
// vitest runs own-home.test.ts under that HOME; it must pass, and the files must not change.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/demo-process.js';

const outer = mkdtempSync(join(tmpdir(), 'tracktop-outer-home-'));
afterAll(() => rmSync(outer, { recursive: true, force: true }));

const STATE = `${JSON.stringify({
  metricColumns: [
    { metric: 'accuracy', variant: 'val' },
    { metric: 'loss', variant: 'train' },
  ],
})}\n`;
const CONF =
  'api { api_server: "http://outer.invalid:8008"\n credentials { access_key: "OUTERKEY", secret_key: "OUTERSECRET" } }\n';

describe("the user's own HOME and CLEARML_* settings", () => {
  it('reach no test, and no test changes them', async () => {
    const statePath = join(outer, '.config', 'tracktop', 'state.json');
    mkdirSync(join(outer, '.config', 'tracktop'), { recursive: true });
    writeFileSync(statePath, STATE);
    const confPath = join(outer, 'clearml.conf');
    writeFileSync(confPath, CONF);
    const before = [statSync(statePath).mtimeMs, statSync(confPath).mtimeMs];

    const env: NodeJS.ProcessEnv = { ...process.env, HOME: outer, CLEARML_API_HOST: 'http://outer.invalid:8008' };
    delete env.XDG_CONFIG_HOME;
    // vitest's own environment markers would make the child think it runs inside a test.
    for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
    const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const run = await promisify(execFile)(
      process.execPath,
      [vitest, 'run', 'test/isolation/own-home.test.ts', '--reporter=dot', '--no-color'],
      { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 },
    ).then(
      (r) => ({ code: 0, output: r.stdout + r.stderr }),
      (err: { code?: number; stdout?: string; stderr?: string }) => ({
        code: err.code ?? -1,
        output: `${err.stdout ?? ''}${err.stderr ?? ''}`,
      }),
    );
    expect(run.output).toMatch(/Tests\s+4 passed/);
    expect(run.code).toBe(0);

    expect(readFileSync(statePath, 'utf8')).toBe(STATE);
    expect(readFileSync(confPath, 'utf8')).toBe(CONF);
    expect([statSync(statePath).mtimeMs, statSync(confPath).mtimeMs]).toEqual(before);
  }, 90_000);
});
