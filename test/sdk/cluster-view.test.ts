// The Cluster view with the real clearml-agent 1.9.2: the built monitor in tmux shows the agent's
// worker and the queue it listens to; a task queued while the worker is busy waits in the
// queues pane, then runs on the worker once the first one is stopped; Enter on the worker opens
// that task in the Tasks view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRegistered, agentSkipReason, serverCaller, startAgent, until, type Agent } from '../helpers/agent.js';
import { assertBuiltAndTmux, startMonitorOn } from '../helpers/demo-process.js';
import type { Answer } from '../helpers/http.js';
import { failureLines, printed, startSdkWorld, type SdkWorld } from '../helpers/sdk.js';
import { makeTempHome, type TempHome } from '../helpers/temp-home.js';
import type { TmuxSession } from '../helpers/tmux.js';

const SKIP = agentSkipReason();
const WORKER = 'cluster-view-test:0';

let world: SdkWorld;
let agent: Agent;
let call: (endpoint: string, body: unknown) => Promise<Answer>;
let home: TempHome;
let tmux: TmuxSession | undefined;

beforeAll(async () => {
  if (SKIP !== undefined) return;
  assertBuiltAndTmux();
  world = await startSdkWorld(['agent_job.py', 'agent_driver.py'], 'cluster view tests');
  call = await serverCaller(world);
  agent = startAgent(world, WORKER);
  await agentRegistered(call, agent);
  home = makeTempHome();
}, 90_000);

afterAll(async () => {
  tmux?.kill();
  await agent?.stop();
  await world?.close();
  home?.cleanup();
});

/** A clone of the driver's script, queued on `default`, running `steps` seconds. */
async function enqueueClone(name: string, steps: number): Promise<string> {
  const run = await world.run(
    'agent_driver.py',
    [],
    { AGENT_CLONE_NAME: name, AGENT_STEPS: String(steps), AGENT_SECONDS_PER_STEP: '1' },
    60_000,
  );
  expect(failureLines(run.output), run.output).toEqual([]);
  const id = printed(run.output, 'CLONE_ID');
  expect(id, run.output).not.toBe('');
  return id;
}

async function consoleText(id: string): Promise<string> {
  const log = await call('events.get_task_log', { task: id, batch_size: 500 });
  return (log.events as Answer[]).map((e) => e.msg as string).join('\n');
}

const status = async (id: string): Promise<string> =>
  (await call('tasks.get_all_ex', { id: [id], only_fields: ['status'] })).tasks[0].status as string;

describe.skipIf(SKIP !== undefined)('the Cluster view with clearml-agent', () => {
  it('shows the worker and its queue; a queued task waits, then runs; Enter opens it', async () => {
    const first = await enqueueClone('cluster first job', 600);
    await until(
      async () => ((await status(first)) === 'in_progress' ? true : undefined),
      120_000,
      'the first job to run',
      () => agent.output(),
    );
    const second = await enqueueClone('cluster second job', 5);
    expect(await status(second)).toBe('queued');

    const s = world.server;
    tmux = startMonitorOn({ url: s.url, accessKey: s.accessKey, secretKey: s.secretKey }, home.dir, 80, 24);
    await tmux.waitFor('cluster second job', 20_000);
    tmux.sendKeys('3');
    // The worker runs the first job; the default queue is listened to by one worker.
    await tmux.waitFor(/cluster-view-test:0 +cluster first job/, 20_000);
    tmux.sendKeys('4');
    const queues = await tmux.waitFor(/default +1 waiting, oldest .*, 1 worker/, 20_000);
    expect(queues).toMatch(/1\. cluster second job/);

    // The first job stopped (once its script is past Task.init, whose tasks.started would clear
    // a stop sent earlier: test/sdk/agent.test.ts), the agent takes the second and runs it.
    await until(
      async () => ((await consoleText(first)).includes('LR=') ? true : undefined),
      120_000,
      'the first job past Task.init',
      () => agent.output(),
    );
    await call('tasks.stop_many', { ids: [first] });
    tmux.sendKeys('3');
    await tmux.waitFor(/cluster-view-test:0 +cluster second job/, 120_000);
    tmux.sendKeys('4');
    await tmux.waitFor(/default +0 waiting, 1 worker/, 20_000);

    tmux.sendKeys('3', 'Enter');
    // The Tasks view, the second job selected: its run info names it.
    await tmux.waitFor((screen) => screen.split('\n')[0]?.includes('list') === true, 20_000);
    tmux.sendKeys('9');
    const info = await tmux.waitFor(new RegExp(second), 20_000);
    expect(info).toContain('cluster second job');
    expect(world.server.logs).toEqual([]);
  }, 300_000);
});
