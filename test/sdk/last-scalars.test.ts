// The scalars pane shows exactly the last / min / max the unchanged ClearML SDK 1.17.0
// (shared/clients) reports with Task.get_last_scalar_metrics() for the same task on the
// embedded server: a series all negative, one crossing zero and one positive. Needs Debian's
// python3 and the SDK's packages, as sdk.test.ts does.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/demo-process.js';
import { addScalars, createTask, monitorFixture, type MonitorFixture } from '../helpers/store-fixture.js';

const PYTHON = '/usr/bin/python3';
const SDK_TARBALLS = [join(ROOT, '..'), join(ROOT, '..', '..')].map((dir) =>
  join(dir, 'shared', 'clients', 'clearml-sdk-1.17.0.tar.gz'),
);
const READ_SCRIPT = `
import json, sys
from clearml import Task
print("LAST=" + json.dumps(Task.get_task(task_id=sys.argv[1]).get_last_scalar_metrics()), flush=True)
`;

let fx: MonitorFixture | undefined;
let work = '';
afterAll(async () => {
  await fx?.close();
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

async function sdkLastScalars(
  f: MonitorFixture,
  task: string,
): Promise<Record<string, Record<string, Record<string, number>>>> {
  const tarball = SDK_TARBALLS.find((p) => existsSync(p));
  if (tarball === undefined)
    throw new Error('shared/clients/clearml-sdk-1.17.0.tar.gz is missing beside the repository');
  work = mkdtempSync(join(tmpdir(), 'tracktop-sdk-last-'));
  execFileSync('tar', ['xzf', tarball, '-C', work]);
  mkdirSync(join(work, 'shim'));
  writeFileSync(join(work, 'shim', 'pathlib2.py'), 'from pathlib import *\n');
  mkdirSync(join(work, 'home'));
  writeFileSync(join(work, 'read_last.py'), READ_SCRIPT);
  // Asynchronous: the embedded server answers the SDK from this same process.
  const { stdout: output } = await promisify(execFile)(PYTHON, [join(work, 'read_last.py'), task], {
    cwd: work,
    encoding: 'utf8',
    timeout: 40_000,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: join(work, 'home'),
      PYTHONPATH: `${join(work, 'shim')}:${join(work, 'clearml-sdk-1.17.0')}`,
      CLEARML_API_HOST: f.server.url,
      CLEARML_WEB_HOST: f.server.url,
      CLEARML_FILES_HOST: f.server.url,
      CLEARML_API_ACCESS_KEY: f.server.accessKey,
      CLEARML_API_SECRET_KEY: f.server.secretKey,
      CLEARML_CONFIG_FILE: '/dev/null',
    },
  });
  const line = output.split('\n').find((l) => l.startsWith('LAST='));
  if (line === undefined) throw new Error(`the SDK printed no result:\n${output}`);
  return JSON.parse(line.slice('LAST='.length)) as Record<string, Record<string, Record<string, number>>>;
}

describe('scalars pane and the ClearML SDK', () => {
  it('shows the last, min and max Task.get_last_scalar_metrics reports for every series', async () => {
    fx = await monitorFixture({}, false);
    const task = await createTask(fx.writer, 'rl run');
    await addScalars(fx.writer, task, 'reward', 'mean', [-1500, -1100, -800]);
    await addScalars(fx.writer, task, 'reward', 'mean', [-620, -505], 3);
    await addScalars(fx.writer, task, 'advantage', 'total', [0.8, -0.4, 0.1, -0.07]);
    await addScalars(fx.writer, task, 'val', 'acc', [0.1, 0.5, 0.87]);
    const sdk = await sdkLastScalars(fx, task);
    expect(Object.keys(sdk).sort()).toEqual(['advantage', 'reward', 'val']);

    fx.store.getState().actions.start();
    await fx.until((s) => s.scalars.rows.length === 3, 'three series', 10_000);
    const shown = fx.state().scalars.rows.map((r) => [r.metric, r.variant, { last: r.last, min: r.min, max: r.max }]);
    const fromSdk = Object.entries(sdk).flatMap(([metric, variants]) =>
      Object.entries(variants).map(([variant, v]) => [metric, variant, { last: v.last, min: v.min, max: v.max }]),
    );
    expect(shown).toEqual(fromSdk.sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    expect(shown).toContainEqual(['reward', 'mean', { last: -505, min: -1500, max: -505 }]);
    expect(shown).toContainEqual(['advantage', 'total', { last: -0.07, min: -0.4, max: 0.8 }]);
  }, 60_000);
});
