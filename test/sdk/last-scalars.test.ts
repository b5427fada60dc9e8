// The scalars pane shows exactly the last / min / max the unchanged ClearML SDK 1.17.0
// (shared/clients) reports with Task.get_last_scalar_metrics() for the same task on the
// embedded server: a series all negative, one crossing zero and one positive. Needs Debian's
// python3 and the SDK's packages, and is skipped where they are missing, as sdk.test.ts is.
import { afterAll, describe, expect, it } from 'vitest';
import { printed, PYTHON, prepareSdk, runProcess, skipReason, type SdkSetup } from '../helpers/sdk.js';
import { addScalars, createTask, monitorFixture, type MonitorFixture } from '../helpers/store-fixture.js';

const SKIP = skipReason();

let fx: MonitorFixture | undefined;
let sdk: SdkSetup | undefined;
afterAll(async () => {
  await fx?.close();
  sdk?.remove();
});

async function sdkLastScalars(
  f: MonitorFixture,
  task: string,
): Promise<Record<string, Record<string, Record<string, number>>>> {
  sdk = prepareSdk(['read_last.py']);
  // Asynchronous: the embedded server answers the SDK from this same process.
  const run = await runProcess(
    PYTHON,
    ['read_last.py', task],
    {
      ...sdk.baseEnv,
      CLEARML_API_HOST: f.server.url,
      CLEARML_WEB_HOST: f.server.url,
      CLEARML_FILES_HOST: f.server.url,
      CLEARML_API_ACCESS_KEY: f.server.accessKey,
      CLEARML_API_SECRET_KEY: f.server.secretKey,
      CLEARML_CONFIG_FILE: '/dev/null',
    },
    sdk.scriptDir,
    40_000,
  );
  const last = printed(run.output, 'LAST');
  if (last === '') throw new Error(`the SDK printed no result:\n${run.output}`);
  return JSON.parse(last) as Record<string, Record<string, Record<string, number>>>;
}

describe.skipIf(SKIP !== undefined)('scalars pane and the ClearML SDK', () => {
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
