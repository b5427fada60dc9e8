// The real clearml-agent 1.9.2, unchanged, runs tasks queued on tracktop's server as on a machine
// with no internet (the system Python, nothing installed): a script's clone with an edited
// hyperparameter runs to `completed` with the new value, and a running task stopped through
// tasks.stop_many (what the monitor's `K` sends, src/store/tasks/triage.ts) is ended by the agent;
// and the monitor's own rerun with changes (`e`, src/store/tasks/rerun.ts), run in tmux with sed
// as the editor, is the task the agent runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRegistered, agentSkipReason, serverCaller, startAgent, until, type Agent } from '../helpers/agent.js';
import { assertBuiltAndTmux, sedEditor, startMonitorOn } from '../helpers/demo-process.js';
import type { Answer } from '../helpers/http.js';
import { failureLines, printed, startSdkWorld, type SdkWorld } from '../helpers/sdk.js';

const SKIP = agentSkipReason();
const WORKER = 'tracktop-test:0';

let world: SdkWorld;
let agent: Agent;
let call: (endpoint: string, body: unknown) => Promise<Answer>;

beforeAll(async () => {
  if (SKIP !== undefined) return;
  world = await startSdkWorld(['agent_job.py', 'agent_driver.py'], 'agent tests');
  call = await serverCaller(world);
  agent = startAgent(world, WORKER);
  await agentRegistered(call, agent);
}, 90_000);

afterAll(async () => {
  await agent?.stop();
  await world?.close();
});

async function task(id: string): Promise<Answer> {
  const fields = ['status', 'status_reason', 'status_message', 'last_worker_report', 'hyperparams', 'execution'];
  return (await call('tasks.get_all_ex', { id: [id], only_fields: fields })).tasks[0];
}

/** Creates the script's task, clones it with the given parameters and enqueues the clone. */
async function enqueueClone(env: Record<string, string>): Promise<string> {
  const run = await world.run('agent_driver.py', [], env, 60_000);
  expect(failureLines(run.output), run.output).toEqual([]);
  expect(run.code, run.output).toBe(0);
  const id = printed(run.output, 'CLONE_ID');
  expect(id, run.output).not.toBe('');
  return id;
}

/** Polls the task until it ends (completed, failed or stopped) on the agent. */
function ended(id: string): Promise<Answer> {
  return until(
    async () => {
      const t = await task(id);
      return ['completed', 'failed', 'stopped'].includes(t.status as string) ? t : undefined;
    },
    120_000,
    'the task to end',
    () => agent.output(),
  );
}

async function consoleText(id: string): Promise<string> {
  const log = await call('events.get_task_log', { task: id, batch_size: 500 });
  return log.events.map((e: Answer) => e.msg as string).join('\n');
}

describe.skipIf(SKIP !== undefined)('clearml-agent against tracktop serve', () => {
  it('runs a clone with an edited hyperparameter to completed, its console and scalars stored', async () => {
    const id = await enqueueClone({ AGENT_CLONE_NAME: 'agent job lr 0.5', AGENT_LR: '0.5' });
    const done = await ended(id);
    expect(done.status, agent.output()).toBe('completed');
    expect(done.hyperparams.General.lr.value).toBe('0.5');
    const console = await consoleText(id);
    expect(console).toContain('LR=0.5');
    expect(console).toContain('JOB_DONE');
    const metrics = await call('events.get_scalar_metrics_and_variants', { task: id });
    expect(metrics.metrics).toEqual({ loss: ['train'] });
    const last = await call('events.get_task_latest_scalar_values', { task: id });
    expect(last.metrics[0].variants[0]).toMatchObject({ name: 'train', last_value: 1.5 });
    const queue = (await call('queues.get_all_ex', { name: '^default$' })).queues[0];
    expect(done.execution.queue).toBe(queue.id);
    expect(queue.entries).toEqual([]);
    expect(queue.workers.map((w: Answer) => w.name)).toEqual([WORKER]);
    expect(failureLines(agent.output()), agent.output()).toEqual([]);
    expect(world.server.logs).toEqual([]);
  }, 180_000);

  it('ends a running task stopped with tasks.stop_many', async () => {
    const id = await enqueueClone({
      AGENT_CLONE_NAME: 'agent job to stop',
      AGENT_STEPS: '600',
      AGENT_SECONDS_PER_STEP: '1',
    });
    // Running its script (past Task.init, whose tasks.started would clear a `stopping` message
    // sent earlier), and its worker reported for it: stopping it is then the worker's job.
    await until(
      async () => {
        const t = await task(id);
        const started = t.status === 'in_progress' && t.last_worker_report && (await consoleText(id)).includes('LR=');
        return started ? true : undefined;
      },
      120_000,
      'the task to run on the agent',
      () => agent.output(),
    );
    const stop = await call('tasks.stop_many', { ids: [id] });
    expect(stop.succeeded[0].fields).toMatchObject({ status: 'in_progress', status_message: 'stopping' });
    const ended = await until(
      async () => {
        const t = await task(id);
        return t.status === 'in_progress' ? undefined : t;
      },
      60_000,
      'the agent to end the task',
      () => agent.output(),
    );
    expect(ended).toMatchObject({ status: 'stopped', status_reason: 'task was stopped by tasks.stop' });
    expect(await consoleText(id)).not.toContain('JOB_DONE');
    expect(agent.output()).toContain('User aborted');
  }, 200_000);

  it("runs the monitor's rerun with lr = 0.7 to completed, the new value in its console", async () => {
    assertBuiltAndTmux();
    const made = await world.run('agent_driver.py', [], { AGENT_SOURCE_ONLY: '1' }, 60_000);
    expect(made.code, made.output).toBe(0);
    const source = printed(made.output, 'SOURCE_ID');
    const home = mkdtempSync(join(tmpdir(), 'tracktop-agent-rerun-'));
    const tmux = startMonitorOn(world.server, home, 140, 35, sedEditor('General/lr', '0.7'));
    try {
      await tmux.waitFor('agent job');
      // Earlier tests made tasks of the same name: select this one by its id.
      tmux.sendKeys(':');
      await tmux.waitFor('task id');
      tmux.type(source);
      tmux.sendKeys('Enter');
      await tmux.waitFor((s) => !s.includes('task id'));
      tmux.sendKeys('e');
      await tmux.waitFor('cloned "agent job" as "agent job (clone)" with General/lr = 0.7');
      await tmux.waitFor('Run "agent job (clone)": pick a queue');
      await tmux.waitFor((s) => /default\s+(empty|\d+ waiting)/.test(s));
      tmux.sendKeys('Enter');
      await tmux.waitFor('queued "agent job (clone)" in "default"');
    } finally {
      tmux.kill();
      rmSync(home, { recursive: true, force: true });
    }
    const clones = await call('tasks.get_all_ex', { name: '^agent job \\(clone\\)$', only_fields: ['id'] });
    expect(clones.tasks).toHaveLength(1);
    const clone = clones.tasks[0].id as string;
    const done = await ended(clone);
    expect(done.status, agent.output()).toBe('completed');
    expect(done.hyperparams.General.lr.value).toBe('0.7');
    const console = await consoleText(clone);
    expect(console).toContain('LR=0.7');
    expect(console).toContain('JOB_DONE');
    expect((await task(source)).hyperparams.General.lr.value).toBe('0.1');
    expect(world.server.logs).toEqual([]);
  }, 200_000);
});
