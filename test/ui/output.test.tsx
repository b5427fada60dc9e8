// What the monitor writes to a real-looking terminal: Ink in its normal (non-debug) mode
// writing to a fake TTY, so the bytes are the ones a user's terminal would get.
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorStore } from '../../src/store/types.js';
import { RESIZE_REPAINT_DELAY_MS } from '../../src/ui/App.js';
import { FULL_CLEAR } from '../../src/ui/terminal.js';
import { KEYS, settle } from '../helpers/render.js';
import { fixedStore, NOW, renderMonitor, stripControl, type MonitorRender } from '../helpers/ui-fixture.js';

const CLEAR_SCREEN = '\u001b[2J';
/** Longer than Ink's frame throttle (30 fps), so every pending frame has been written. */
const FRAME_WAIT = 90;

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

async function openTty(store: MonitorStore, columns = 100, rows = 30): Promise<MonitorRender> {
  current = renderMonitor(store, { columns, rows }, { debug: false });
  await settle(FRAME_WAIT);
  return current;
}

function written(m: MonitorRender, from: number): string {
  return m.stdout.writes.slice(from).join('');
}

/** A poll bringing a new name for the running task (the name shows at every size). */
function renameRunning(store: MonitorStore, name: string): void {
  store.setState((s) => {
    const row = s.tasks.byId['t-running'];
    if (row === undefined) return {};
    return { tasks: { ...s.tasks, byId: { ...s.tasks.byId, 't-running': { ...row, name, lastUpdate: NOW } } } };
  });
}

describe('terminal output', () => {
  it('never clears the whole screen while data changes and keys are pressed', async () => {
    const store = fixedStore();
    const m = await openTty(store);
    for (let i = 0; i < 5; i++) {
      renameRunning(store, `run-${i}`);
      await settle(FRAME_WAIT);
    }
    for (const key of ['j', 'k', KEYS.tab, '6', 'k', 'G', '?', 'q', '2', 'j', '1']) await m.press(key);
    await settle(FRAME_WAIT);
    const output = m.stdout.output;
    expect(stripControl(output)).toContain('run-4');
    expect(output).not.toContain(CLEAR_SCREEN);
  });

  it('writes nothing when nothing changed, even when the store is touched', async () => {
    const store = fixedStore();
    const m = await openTty(store);
    const before = m.stdout.writes.length;
    await settle(300);
    expect(m.stdout.writes.length).toBe(before);
    // A poll that brings nothing new still replaces bookkeeping fields.
    store.setState((s) => ({
      tasks: { ...s.tasks, fetchedAt: NOW + 5_000 },
      scalars: { ...s.scalars, fetchedAt: NOW + 5_000 },
      connection: { ...s.connection, lastSuccessAt: NOW + 5_000 },
    }));
    await settle(FRAME_WAIT);
    expect(written(m, before)).toBe('');
  });

  it('writes a frame when a value on screen changes', async () => {
    const store = fixedStore();
    const m = await openTty(store);
    const before = m.stdout.writes.length;
    renameRunning(store, 'renamed-run');
    await settle(FRAME_WAIT);
    expect(stripControl(written(m, before))).toContain('renamed-run');
  });

  it('repaints everything after a full clear on ctrl-l', async () => {
    const m = await openTty(fixedStore());
    const before = m.stdout.writes.length;
    await m.press(KEYS.ctrlL);
    await settle(FRAME_WAIT);
    const out = written(m, before);
    expect(out).toContain(FULL_CLEAR);
    const afterClear = out.slice(out.indexOf(FULL_CLEAR));
    expect(stripControl(afterClear)).toContain('train-resnet50-lr0.1');
    expect(stripControl(afterClear)).toContain('live');
  });

  it('ends a resize with one clean full frame at the new size, then writes no clears', async () => {
    const store = fixedStore({ cols: 200, rows: 60 });
    const m = await openTty(store, 200, 60);
    m.stdout.resize(90, 26);
    m.stdout.resize(80, 24);
    await settle(FRAME_WAIT + RESIZE_REPAINT_DELAY_MS);

    const afterResize = m.stdout.writes.length;
    const all = written(m, 0);
    expect(all.endsWith(CLEAR_SCREEN)).toBe(false);
    const lastFrame = stripControl(all.slice(all.lastIndexOf(FULL_CLEAR) + FULL_CLEAR.length));
    expect(lastFrame).toContain('train-resnet50-lr0.1');
    const lines = lastFrame.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(23);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    renameRunning(store, 'after-resize');
    await m.press('j');
    await settle(FRAME_WAIT);
    expect(written(m, afterResize)).not.toContain(CLEAR_SCREEN);
  });
});
