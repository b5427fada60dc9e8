import { describe, expect, it } from 'vitest';
import { handleKey, type UiEffects } from '../../src/ui/keys/router.js';
import type { KeyName } from '../../src/ui/keys/key-names.js';
import type { MonitorStore } from '../../src/store/types.js';
import { runInfoLines, type RunInfo } from '../../src/text/run-info.js';
import { fixedStore, TASKS } from '../helpers/ui-fixture.js';

const effects: UiEffects = {
  quit: () => undefined,
  repaint: () => undefined,
  copy: () => undefined,
  editBody: () => undefined,
  scrollHelp: () => undefined,
};

function press(store: MonitorStore, ...keys: (KeyName | string)[]): void {
  for (const key of keys) handleKey(key as KeyName, { store, effects, tooSmall: false, helpRows: 10 });
}

const info: RunInfo = {
  id: 't1',
  name: 'run',
  status: 'failed',
  statusReason: 'CUDA OOM',
  statusMessage: '',
  type: 'training',
  project: '',
  user: '',
  tags: [],
  created: null,
  started: null,
  completed: null,
  lastUpdate: null,
  lastIteration: null,
  hyperparams: [
    { section: 'Args', name: 'lr', value: '0.1', type: '', description: '' },
    { section: 'Args', name: 'lr_decay', value: '0.9', type: '', description: '' },
  ],
  configuration: [],
  runtime: [],
  script: [],
  artifacts: [],
  models: [],
};

describe('run info and compare keys', () => {
  it('space marks the selected task, X clears every mark', () => {
    const store = fixedStore();
    press(store, 'space', 'j', 'space', 'j', 'space');
    expect(store.getState().tasks.marked).toEqual(TASKS.slice(0, 3).map((t) => t.id));
    press(store, 'k', 'space');
    expect(store.getState().tasks.marked).toEqual([TASKS[0]?.id, TASKS[2]?.id]);
    press(store, 'X');
    expect(store.getState().tasks.marked).toEqual([]);
  });

  it('8 focuses run info, where / searches and n / N step through the matches', () => {
    const store = fixedStore();
    const lines = runInfoLines(info, 0);
    store.setState((s) => ({ runinfo: { ...s.runinfo, taskId: 't1', info, lineCount: lines.length, loading: false } }));
    press(store, '9');
    expect(store.getState().ui.focus.tasks).toBe('runinfo');
    press(store, '/', 'l', 'r', 'enter');
    const matches = store.getState().runinfo.search?.matches ?? [];
    expect(matches.map((i) => lines[i]?.label)).toEqual(['Args/lr', 'Args/lr_decay']);
    expect(store.getState().runinfo.selectedIndex).toBe(matches[0]);
    press(store, 'n');
    expect(store.getState().runinfo.selectedIndex).toBe(matches[1]);
    press(store, 'n');
    expect(store.getState().runinfo.selectedIndex).toBe(matches[0]);
    press(store, 'N');
    expect(store.getState().runinfo.selectedIndex).toBe(matches[1]);
    expect(store.getState().actions.selectedRunInfoValue()).toEqual({ title: 'Args/lr_decay', text: '0.9' });
    press(store, 'esc');
    expect(store.getState().runinfo.search).toBeNull();
  });

  it('enter on a run-info value opens it whole in the text viewer', () => {
    const store = fixedStore();
    const lines = runInfoLines(info, 0);
    store.setState((s) => ({ runinfo: { ...s.runinfo, taskId: 't1', info, lineCount: lines.length, loading: false } }));
    press(store, '9', '/', 'l', 'r', '_', 'd', 'enter');
    press(store, 'enter');
    expect(store.getState().ui.viewer).toMatchObject({ title: 'Args/lr_decay', text: '0.9' });
  });
});
