// The `/` filter on the task list: applied as it is typed (one request per pause), by name or
// id, never sent when the server would refuse the pattern, and never overwritten by the late
// answer of an older query. Real server and client; the proxy delays one answer on purpose.
import { afterEach, describe, expect, it } from 'vitest';
import { createTask, monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';
import { sleep } from '../../helpers/timers.js';
import { FILTER_DEBOUNCE_MS } from '../../../src/store/ui/prompt.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const LIST = 'reports.get_task_data';

/** The `_any_` patterns of the list requests sent so far. */
function sentPatterns(f: MonitorFixture): (string | null)[] {
  return f.proxy.calls
    .filter((c) => c.endpoint === LIST)
    .map((c) => (JSON.parse(c.body) as { _any_?: { pattern: string } })._any_?.pattern ?? null);
}

async function started(): Promise<MonitorFixture> {
  const f = await monitorFixture();
  await createTask(f.writer, 'ppo-cartpole');
  await createTask(f.writer, 'bert-base-sst2');
  await createTask(f.writer, 'bert-large-mnli');
  f.store.getState().actions.start();
  await f.until((s) => s.tasks.ids.length === 3 && !s.tasks.loading, 'three tasks');
  return f;
}

function names(f: MonitorFixture): string[] {
  const t = f.state().tasks;
  return t.ids.map((id) => t.byId[id]?.name ?? '');
}

function type(f: MonitorFixture, text: string): void {
  const { actions } = f.store.getState();
  for (let i = 1; i <= text.length; i++) actions.setPromptText(text.slice(0, i));
}

describe('task filter as you type', () => {
  it('applies after a short pause without Enter, one request for a burst of keys', async () => {
    fx = await started();
    const f = fx;
    f.store.getState().actions.openPrompt();
    f.proxy.reset();
    type(f, 'bert');
    expect(sentPatterns(f)).toEqual([]);
    await f.until((s) => s.tasks.ids.length === 2 && !s.tasks.loading, 'filtered while typing');
    expect(f.state().ui.prompt?.text).toBe('bert');
    expect(names(f).sort()).toEqual(['bert-base-sst2', 'bert-large-mnli']);
    expect(sentPatterns(f).filter((p) => p !== null)).toEqual(['bert']);
    // Enter keeps what is shown and closes the prompt.
    f.store.getState().actions.submitPrompt();
    expect(f.state().ui.prompt).toBeNull();
    expect(f.state().ui.filters.tasks).toBe('bert');
  });

  it('matches a pasted task id and an id prefix', async () => {
    fx = await started();
    const f = fx;
    const id = f.state().tasks.ids.find((i) => f.state().tasks.byId[i]?.name === 'bert-large-mnli') ?? '';
    const { actions } = f.store.getState();
    actions.openPrompt();
    actions.setPromptText(id);
    await f.until((s) => s.tasks.ids.length === 1 && !s.tasks.loading, 'the pasted id');
    expect(f.state().tasks.ids).toEqual([id]);
    const others = f.state().tasks;
    actions.setPromptText(id.slice(0, 8));
    await f.until((s) => s.tasks !== others && !s.tasks.loading, 'the id prefix');
    expect(f.state().tasks.ids).toContain(id);
  });

  it('names an invalid pattern with its position and sends nothing for it', async () => {
    fx = await started();
    const f = fx;
    const { actions } = f.store.getState();
    actions.openPrompt();
    f.proxy.reset();
    type(f, '(bert');
    expect(f.state().ui.prompt?.problem).toBe('invalid pattern at 1: missing )');
    await sleep(FILTER_DEBOUNCE_MS * 3);
    expect(sentPatterns(f).filter((p) => p !== null)).toEqual([]);
    expect(f.state().tasks.ids).toHaveLength(3);
    // Enter does not apply it: the prompt stays open, still saying why.
    actions.submitPrompt();
    expect(f.state().ui.prompt?.problem).toBe('invalid pattern at 1: missing )');
    actions.setPromptText('(bert)');
    expect(f.state().ui.prompt?.problem).toBeNull();
    await f.until((s) => s.tasks.ids.length === 2 && !s.tasks.loading, 'the fixed pattern');
  });

  it('Esc puts back the filter the prompt opened with', async () => {
    fx = await started();
    const f = fx;
    const { actions } = f.store.getState();
    actions.setFilter('tasks', 'ppo');
    await f.until((s) => s.tasks.ids.length === 1 && !s.tasks.loading, 'ppo');
    actions.openPrompt();
    actions.setPromptText('bert');
    await f.until((s) => s.tasks.ids.length === 2 && !s.tasks.loading, 'bert while typing');
    actions.cancelPrompt();
    await f.until((s) => s.tasks.ids.length === 1 && !s.tasks.loading, 'ppo again');
    expect(f.state().ui.filters.tasks).toBe('ppo');
  });

  it('never lets the late answer of an older query overwrite a newer one', async () => {
    fx = await started();
    const f = fx;
    const { actions } = f.store.getState();
    actions.openPrompt();
    // The answer for "ppo" takes 800 ms; the one for "bert" comes at once, long before it.
    f.proxy.delays.set(LIST, 800);
    actions.setPromptText('ppo');
    await f.until(() => sentPatterns(f).includes('ppo'), 'the ppo request sent', 3000);
    f.proxy.delays.set(LIST, 0);
    actions.setPromptText('bert');
    await f.until((s) => s.tasks.ids.length === 2 && !s.tasks.loading, 'bert rows');
    await sleep(1200);
    expect(names(f).sort()).toEqual(['bert-base-sst2', 'bert-large-mnli']);
  });
});
